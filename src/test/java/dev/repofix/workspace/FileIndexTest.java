package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileIndexTest {
    @TempDir
    Path root;

    private FileIndex index() {
        return new FileIndex(root, List.of(
                "src/main/java/com/acme/Account.java",
                "src/main/java/com/acme/SavingsAccount.java",
                "lib/com/acme/Account.java",
                "README.md",
                "tests/test_stock.py"));
    }

    @Test
    void listsFilesSorted() {
        assertThat(index().files()).containsExactly("README.md", "lib/com/acme/Account.java",
                "src/main/java/com/acme/Account.java", "src/main/java/com/acme/SavingsAccount.java", "tests/test_stock.py");
    }

    @Test
    void makesTheRootAbsoluteAndNormal() {
        FileIndex relative = new FileIndex(Path.of("some/./dir/../dir"), List.of());

        assertThat(relative.root()).isAbsolute().isEqualTo(Path.of("some/dir").toAbsolutePath());
    }

    @Test
    void containsOnlyExactRelativePaths() {
        assertThat(index().contains("README.md")).isTrue();
        assertThat(index().contains("readme.md")).isFalse();
        assertThat(index().contains("./README.md")).isFalse();
        assertThat(index().contains("src")).isFalse();
    }

    @Test
    void endingWithMatchesAtSegmentBoundaries() {
        assertThat(index().endingWith("com/acme/Account.java"))
                .containsExactly("lib/com/acme/Account.java", "src/main/java/com/acme/Account.java");
        assertThat(index().endingWith("Account.java"))
                .containsExactly("lib/com/acme/Account.java", "src/main/java/com/acme/Account.java");
        assertThat(index().endingWith("/tests/test_stock.py")).containsExactly("tests/test_stock.py");
        assertThat(index().endingWith("README.md")).containsExactly("README.md");
        assertThat(index().endingWith("ccount.java")).isEmpty();
        assertThat(index().endingWith("")).isEmpty();
    }

    @Test
    void relativizesPathsRelativeToTheRoot() {
        assertThat(index().relativize("tests/test_stock.py")).hasValue("tests/test_stock.py");
        assertThat(index().relativize("./tests/../tests/test_stock.py")).hasValue("tests/test_stock.py");
    }

    /** "cd backend && pytest" prints paths relative to backend/. */
    @Test
    void relativizesAPathPrintedFromOneSubFolderButNotAnAmbiguousOne() {
        FileIndex index = new FileIndex(root, List.of("backend/app/stock.py", "backend/tests/test_stock.py",
                "frontend/tests/test_stock.py"));

        assertThat(index.relativize("app/stock.py")).hasValue("backend/app/stock.py");
        assertThat(index.relativize("tests/test_stock.py")).as("two sub-folders hold it").isEmpty();
        assertThat(index.relativize("/elsewhere/app/stock.py")).isEmpty();
    }

    @Test
    void relativizesAbsolutePathsUnderTheRoot() {
        String absolute = root.resolve("src/main/java/com/acme/Account.java").toString();

        assertThat(index().relativize(absolute)).hasValue("src/main/java/com/acme/Account.java");
        assertThat(index().relativize(root.resolve("tests/./x/../test_stock.py").toString())).hasValue("tests/test_stock.py");
    }

    @Test
    void relativizesPathsPrintedInAnotherCopy(@TempDir Path copy) {
        FileIndex inCopy = index().rootedAt(copy);

        assertThat(inCopy.relativize(copy.resolve("README.md").toString())).hasValue("README.md");
        assertThat(inCopy.relativize(root.resolve("README.md").toString())).isEmpty();
        assertThat(inCopy.files()).isEqualTo(index().files());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../README.md", "tests/../../README.md", "/etc/passwd", "/usr/lib/python3/site.py",
        "missing.txt", "", "src/main", "bad\u0000path"})
    void doesNotRelativizePathsThatAreNotOurFiles(String printed) {
        assertThat(index().relativize(printed)).isEmpty();
    }

    @Test
    void doesNotRelativizeASiblingDirectoryWithTheSamePrefix() {
        String sibling = root.getParent().resolve(root.getFileName() + "-other/README.md").toString();

        assertThat(index().relativize(sibling)).isEmpty();
    }
}

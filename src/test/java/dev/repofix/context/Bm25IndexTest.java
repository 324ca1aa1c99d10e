package dev.repofix.context;

import static dev.repofix.context.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Bm25IndexTest {
    final CodeAnalyzer analyzer = new CodeAnalyzer();

    @TempDir
    Path root;

    private Bm25Index index(List<String> paths) {
        return new Bm25Index(analyzer, new SourceFiles(new FileIndex(root, paths)), paths, p -> p.startsWith("test/"));
    }

    @Test
    void splitsCamelAndSnakeCaseIdentifiers() {
        write(root, "src/Pricing.java", "long computeDiscount(long sum) { return sum; }\n");
        write(root, "src/tax.py", "def apply_vat_rate(amount):\n    return amount\n");
        write(root, "src/Other.java", "int unrelated;\n");
        Bm25Index index = index(List.of("src/Pricing.java", "src/tax.py", "src/Other.java"));

        assertThat(index.search(analyzer.terms("discount"), 10)).extracting(ContextChunk::file)
                .containsExactly("src/Pricing.java");
        assertThat(index.search(analyzer.terms("VatRate"), 10)).extracting(ContextChunk::file)
                .containsExactly("src/tax.py");
        assertThat(index.search(analyzer.terms("apply_vat_rate"), 10)).extracting(ContextChunk::file)
                .containsExactly("src/tax.py");
    }

    @Test
    void ranksSourceBeforeTestOnEqualScores() {
        String same = "void settleAccount() {}\n";
        write(root, "test/A.java", same);
        write(root, "src/A.java", same);
        Bm25Index index = index(List.of("test/A.java", "src/A.java"));

        List<ContextChunk> hits = index.search(analyzer.terms("settleAccount"), 10);

        assertThat(hits).extracting(ContextChunk::file).containsExactly("src/A.java", "test/A.java");
        assertThat(hits.get(0).score()).isEqualTo(hits.get(1).score());
    }

    @Test
    void windowsOverlapByTenLines() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 75; i++) {
            text.append("int marker").append(i).append(" = ").append(i).append(";\n");
        }
        write(root, "src/Long.java", text.toString());
        Bm25Index index = index(List.of("src/Long.java"));

        List<ContextChunk> hits = index.search(analyzer.terms("marker35"), 10);

        // "marker" alone matches every window; the whole identifier only the two holding line 35
        assertThat(hits.subList(0, 2)).extracting(c -> c.startLine() + "-" + c.endLine())
                .containsExactlyInAnyOrder("1-40", "31-70");
        assertThat(hits).extracting(c -> c.startLine() + "-" + c.endLine()).containsExactlyInAnyOrder(
                "1-40", "31-70", "61-75");
        assertThat(index.search(analyzer.terms("marker75"), 10).get(0))
                .extracting(c -> c.startLine() + "-" + c.endLine()).isEqualTo("61-75");
    }
}

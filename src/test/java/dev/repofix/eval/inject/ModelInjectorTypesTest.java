package dev.repofix.eval.inject;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.stage.BugType;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelInjectorTypesTest {
    @TempDir
    Path dir;

    @Test
    void aPythonRepositoryIsAskedForEveryTypeButOtherAndThoseOfJava() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("calc.py", "def add(a, b):\n    return a + b\n");
            repo.commit("python only");
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                assertThat(ModelInjector.typesFor(ws)).contains(BugType.MUTABLE_DEFAULT, BugType.WRONG_RETURN)
                        .doesNotContain(BugType.OTHER, BugType.REFERENCE_EQUALITY);
            }
        }
    }
}

package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.CargoBuild;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cargo test} for real (no crates from the registry) on a workspace: results read, frames mapped. */
class CargoTestRunTest {
    static final String LIB = """
            pub fn add(a: i32, b: i32) -> i32 {
                a - b
            }

            pub fn div(a: i32, b: i32) -> i32 {
                a / b
            }

            #[cfg(test)]
            mod tests {
                use super::*;

                #[test]
                fn adds() {
                    assert_eq!(add(1, 2), 3);
                }

                #[test]
                fn divides() {
                    assert_eq!(div(4, 2), 2);
                }
            }
            """;

    @TempDir
    Path root;

    @Test
    void runsCargoTestOverAWorkspaceAndMapsPanicsToTheMembersFiles() throws IOException {
        FileIndex files = RealToolRuns.write(root, Map.of(
                "Cargo.toml", "[workspace]\nmembers = [\"calc\"]\nresolver = \"2\"\n",
                "calc/Cargo.toml", "[package]\nname = \"calc\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                "calc/src/lib.rs", LIB,
                "calc/tests/api.rs", "#[test]\nfn divides_by_zero() {\n    calc::div(1, 0);\n}\n"));

        TestOutcome.Completed done = RealToolRuns.run(root, new CargoBuild(), files);

        TestRun run = done.run();
        assertThat(run.find("calc::tests::divides")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
        assertThat(run.find("calc::tests::adds")).hasValueSatisfying(r -> {
            assertThat(r.status()).isEqualTo(TestStatus.FAILED);
            assertThat(r.message()).contains("left: -1");
            assertThat(r.frames()).first().isEqualTo(new StackFrame("calc/src/lib.rs", 15, ""));
        });
        assertThat(run.find("api::divides_by_zero")).hasValueSatisfying(r -> {
            assertThat(r.message()).isEqualTo("attempt to divide by zero");
            assertThat(r.frames()).extracting(StackFrame::file, StackFrame::line).startsWith(
                    org.assertj.core.groups.Tuple.tuple("calc/src/lib.rs", 6),
                    org.assertj.core.groups.Tuple.tuple("calc/tests/api.rs", 3));
        });
        assertThat(done.exec().output()).contains("test tests::adds ... FAILED");
    }
}

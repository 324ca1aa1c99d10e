package dev.repofix.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The pytest twin of {@link GeneratedMavenProject}: one one-line bug ({@code calc.sum_to}
 * stops one short, a relational operator the builtin engine fixes), its failing test beside
 * a passing one, and many test modules that have nothing to do with the bug and take
 * {@code perModule} each (they sleep, so the suite's time does not depend on how busy the
 * machine's cores are). Committed, so it opens as a workspace.
 */
public final class GeneratedPytestProject {
    /** The buggy line, and the fix. */
    public static final String BUG = "    while i < n:";
    public static final String FIX = "    while i <= n:";
    public static final String CALC = "calc/core.py";
    public static final String FAILING_TEST = "tests/test_calc.py::test_sums_up_to_and_including_n";

    private GeneratedPytestProject() {}

    /** Writes and commits the project in {@code dir} with {@code modules} unrelated test modules. */
    public static Path write(Path dir, int modules, Duration perModule) {
        try {
            Files.createDirectories(dir);
            write(dir, "pyproject.toml", """
                    [project]
                    name = "calc"
                    version = "0.1.0"
                    requires-python = ">=3.9"

                    [tool.pytest.ini_options]
                    testpaths = ["tests"]
                    pythonpath = ["."]
                    """);
            write(dir, "calc/__init__.py", "");
            write(dir, CALC, """
                    def sum_to(n):
                        \"\"\"1 + 2 + ... + n.\"\"\"
                        total = 0
                        i = 1
                    %s
                            total += i
                            i += 1
                        return total


                    def double(n):
                        return n * 2
                    """.formatted(BUG));
            write(dir, "tests/test_calc.py", """
                    from calc.core import double, sum_to


                    def test_sums_up_to_and_including_n():
                        assert sum_to(5) == 15


                    def test_doubles():
                        assert double(4) == 8
                    """);
            String seconds = String.format(Locale.ROOT, "%.3f", perModule.toMillis() / 3 / 1000.0);
            for (int i = 1; i <= modules; i++) {
                StringBuilder body = new StringBuilder("import time\n");
                for (String name : new String[] {"first", "second", "third"}) {
                    body.append("""


                            def test_%s():
                                time.sleep(%s)
                                assert True
                            """.formatted(name, seconds));
                }
                write(dir, "tests/test_module" + i + ".py", body.toString());
            }
            return GeneratedMavenProject.commit(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path dir, String rel, String text) throws IOException {
        GeneratedMavenProject.write(dir, rel, text);
    }
}

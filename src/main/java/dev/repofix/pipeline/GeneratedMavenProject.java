package dev.repofix.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;

/**
 * A Maven project made for measuring validation, as a real project is shaped: one
 * one-line bug ({@code Calc.sumTo} stops one short, a relational operator the builtin
 * engine fixes), its failing test beside one that reads a static cache
 * ({@code Counter}, which must start empty in every test JVM), and many test classes
 * that have nothing to do with the bug and take {@code perClass} each (they sleep, so
 * the suite's time does not depend on how busy the machine's cores are). Committed, so
 * it opens as a workspace.
 */
public final class GeneratedMavenProject {
    /** The buggy line, and the fix. */
    public static final String BUG = "        for (int i = 1; i < n; i++) {";
    public static final String FIX = "        for (int i = 1; i <= n; i++) {";
    public static final String CALC = "src/main/java/gen/Calc.java";
    public static final String FAILING_TEST = "gen.CalcTest#sumsUpToAndIncludingN";
    public static final String CACHE_TEST = "gen.CalcTest#firstVisitCountsOne";
    /**
     * The buggy line of {@link Bug#TWO_FIXES}, and two of its fixes that no test can tell
     * apart ({@code >} and {@code >=} pick the same number, also when both are equal).
     */
    public static final String TWO_FIXES_BUG = "        return a < b ? a : b;";
    public static final String TWO_FIXES_FIX = "        return a > b ? a : b;";
    public static final String TWO_FIXES_OTHER_FIX = "        return a >= b ? a : b;";
    public static final String TWO_FIXES_FAILING_TEST = "gen.CalcTest#picksTheLarger";

    /** Which bug the project has. */
    public enum Bug {
        /** {@link #BUG}: one fix passes its tests. */
        ONE_FIX,
        /**
         * {@link #TWO_FIXES_BUG} in {@code Calc.larger} (sumTo is right): more than one fix at
         * the line passes the tests, so a fix has alternatives the tests cannot tell apart.
         */
        TWO_FIXES,
        /**
         * {@link #BUG}, and every unrelated test class also runs {@code Calc.sumTo(0)} (which both
         * versions get right), as a utility every test uses: the passing tests ran the method the
         * fix edits, so the check of the lines a fix stops running has lines to compare.
         */
        REACHED_BY_EVERY_TEST
    }

    private GeneratedMavenProject() {}

    /** The test framework the generated tests are written for, each run by Surefire's own provider for it. */
    public enum Framework {
        JUNIT5("org.junit.jupiter", "junit-jupiter", "5.11.4", "org.junit.jupiter.api.Assertions",
                "org.junit.jupiter.api.Test", ""),
        JUNIT4("junit", "junit", "4.13.2", "org.junit.Assert", "org.junit.Test", "public "),
        TESTNG("org.testng", "testng", "7.10.2", "org.testng.Assert", "org.testng.annotations.Test", "public ");

        private final String group;
        private final String artifact;
        private final String version;
        private final String assertions;
        private final String test;
        private final String visibility;

        Framework(String group, String artifact, String version, String assertions, String test, String visibility) {
            this.group = group;
            this.artifact = artifact;
            this.version = version;
            this.assertions = assertions;
            this.test = test;
            this.visibility = visibility;
        }

        /** {@code assertEquals} of {@code expected} and {@code actual} with a message, in this framework's order. */
        private String assertEquals(String expected, String actual, String message) {
            return switch (this) {
                case JUNIT5 -> "assertEquals(%s, %s, %s)".formatted(expected, actual, message);
                case JUNIT4 -> "assertEquals(%s, %s, %s)".formatted(message, expected, actual);
                case TESTNG -> "assertEquals(%s, %s, %s)".formatted(actual, expected, message);
            };
        }

        /** The imports and header of a test class. */
        private String header(String pkg, String cls) {
            return """
                    package %s;

                    import static %s.assertEquals;
                    import static %s.assertTrue;

                    import %s;

                    %sclass %s {
                    """.formatted(pkg, assertions, assertions, test, visibility, cls);
        }
    }

    /** Writes and commits the project in {@code dir} with {@code classes} unrelated JUnit Jupiter test classes. */
    public static Path write(Path dir, int classes, Duration perClass) {
        return write(dir, classes, perClass, Framework.JUNIT5);
    }

    /** Writes and commits the project in {@code dir} with {@code classes} unrelated test classes of {@code framework}. */
    public static Path write(Path dir, int classes, Duration perClass, Framework framework) {
        return write(dir, classes, perClass, framework, Bug.ONE_FIX);
    }

    /** The same with {@code bug} as the project's bug. */
    public static Path write(Path dir, int classes, Duration perClass, Framework framework, Bug bug) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("pom.xml"), POM.formatted(framework.group, framework.artifact,
                    framework.version));
            write(dir, CALC, """
                    package gen;

                    public final class Calc {
                        private Calc() {}

                        /** 1 + 2 + ... + n. */
                        public static int sumTo(int n) {
                            int sum = 0;
                    %s
                                sum += i;
                            }
                            return sum;
                        }
                    %s}
                    """.formatted(bug != Bug.TWO_FIXES ? BUG : FIX, bug != Bug.TWO_FIXES ? "" : """

                        /** The larger of a and b. */
                        public static int larger(int a, int b) {
                    %s
                        }
                    """.formatted(TWO_FIXES_BUG)));
            write(dir, "src/main/java/gen/Counter.java", """
                    package gen;

                    import java.util.HashMap;
                    import java.util.Map;

                    /** A static cache: state that lives as long as the class does. */
                    public final class Counter {
                        private static final Map<String, Integer> SEEN = new HashMap<>();

                        private Counter() {}

                        public static int visit(String key) {
                            return SEEN.merge(key, 1, Integer::sum);
                        }
                    }
                    """);
            String m = framework.visibility + "void";
            write(dir, "src/test/java/gen/CalcTest.java", framework.header("gen", "CalcTest") + """
                        @Test
                        %s sumsUpToAndIncludingN() {
                            %s;
                        }

                        @Test
                        %s firstVisitCountsOne() {
                            %s;
                        }
                    %s}
                    """.formatted(m, framework.assertEquals("15", "Calc.sumTo(5)", "\"1 + ... + 5\""), m,
                    framework.assertEquals("1", "Counter.visit(\"calc\")", "\"the cache starts empty in a fresh JVM\""),
                    bug != Bug.TWO_FIXES ? "" : """

                        @Test
                        %s picksTheLarger() {
                            %s;
                            %s;
                        }
                    """.formatted(m, framework.assertEquals("7", "Calc.larger(3, 7)", "\"the second\""),
                            framework.assertEquals("7", "Calc.larger(7, 3)", "\"the first\""))));
            long millis = perClass.toMillis() / 3;
            for (int i = 1; i <= classes; i++) {
                StringBuilder body = new StringBuilder(framework.header("gen.other", "Module" + i + "Test"));
                for (String name : new String[] {"first", "second", "third"}) {
                    body.append("""
                                @Test
                                %s %s() throws Exception {
                                    Thread.sleep(%d);
                                    %s;
                                }

                            """.formatted(m, name, millis, bug == Bug.REACHED_BY_EVERY_TEST && name.equals("first")
                            ? framework.assertEquals("0", "gen.Calc.sumTo(0)", "\"an empty sum\"") : "assertTrue(true)"));
                }
                write(dir, "src/test/java/gen/other/Module" + i + "Test.java", body.append("}\n").toString());
            }
            return commit(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Commits everything in {@code dir}, a new repository, so that it opens as a workspace; returns {@code dir}. */
    static Path commit(Path dir) {
        try (Git git = Git.init().setDirectory(dir.toFile()).call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("generated project").setAuthor("repofix", "repofix@example.org")
                    .setCommitter("repofix", "repofix@example.org").setSign(false).call();
            return dir;
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot commit the generated project in " + dir + ": " + e.getMessage(), e);
        }
    }

    static void write(Path dir, String rel, String text) throws IOException {
        Path file = dir.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** As the bundled example's: every plugin of {@code mvn test} pinned, so an offline cache serves it. */
    private static final String POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>gen</groupId>
              <artifactId>generated</artifactId>
              <version>1.0-SNAPSHOT</version>
              <properties>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                <maven.compiler.release>17</maven.compiler.release>
              </properties>
              <dependencies>
                <dependency>
                  <groupId>%s</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                  <scope>test</scope>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-resources-plugin</artifactId>
                    <version>3.3.1</version>
                  </plugin>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <version>3.13.0</version>
                  </plugin>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-surefire-plugin</artifactId>
                    <version>3.5.2</version>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;
}

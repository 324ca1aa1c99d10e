package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a deciding run may reuse the baseline's compiled classes: a patch that changes only
 * statements inside bodies, in a plain one-module Maven build; and what the copy then holds.
 */
class CompiledClassesTest {
    private static final String CALC = "src/main/java/org/shop/Calc.java";
    private static final String SOURCE = """
            package org.shop;

            import java.util.List;

            public class Calc {
                static final int LIMIT = 10;
                private int calls;

                public Calc() {
                    calls = 0;
                }

                /** Adds. */
                public int add(int a, int b) {
                    calls++;
                    return a - b;
                }

                public int sum(List<Integer> xs) {
                    Runnable r = new Runnable() { public void run() { calls++; } };
                    r.run();
                    return xs.stream().mapToInt(x -> x).sum();
                }
            }
            """;
    /** The bundled example's POM: one module, maven-compiler-plugin 3.13.0, Maven's own plugins. */
    private static final String POM = read(Path.of("examples", "maven-bank", "pom.xml"));
    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

    @TempDir
    Path temp;
    private Path pristine;
    private Path baseline;
    private Path copy;

    @BeforeEach
    void trees() throws IOException {
        pristine = temp.resolve("pristine");
        baseline = temp.resolve("baseline");
        copy = temp.resolve("copy");
        for (Path tree : List.of(pristine, baseline, copy)) {
            write(tree, "pom.xml", POM);
            write(tree, CALC, SOURCE);
            write(tree, "src/main/java/org/shop/Other.java", "package org.shop;\nclass Other {}\n");
            write(tree, "src/test/java/org/shop/CalcTest.java", "package org.shop;\nclass CalcTest {}\n");
        }
        for (String cls : List.of("target/classes/org/shop/Calc.class", "target/classes/org/shop/Calc$1.class",
                "target/classes/org/shop/Other.class", "target/classes/org/shop/CalcExtra.class",
                "target/test-classes/org/shop/CalcTest.class")) {
            write(baseline, cls, "bytes of " + cls);
        }
        write(baseline, "target/classes/app.properties", "a resource the build copies again");
    }

    @Test
    void aChangeInsideMethodBodiesMayReuseTheClasses() throws IOException {
        write(copy, CALC, SOURCE.replace("return a - b;", "return a + b; // fixed")
                .replace("calls = 0;", "calls = 1;").replace("mapToInt(x -> x)", "mapToInt(x -> x * 1)"));

        assertThat(CompiledClasses.whyNot(pristine, baseline, copy, List.of(CALC))).isEmpty();
    }

    @Test
    void signaturesFieldsConstantsAnnotationsImportsAndNewMembersCompileEverything() {
        for (String changed : List.of(
                SOURCE.replace("public int add(int a, int b)", "public long add(int a, int b)"),
                SOURCE.replace("LIMIT = 10", "LIMIT = 11"),
                SOURCE.replace("private int calls;", "private int calls = 2;"),
                SOURCE.replace("public class Calc {", "@Deprecated\npublic class Calc {"),
                SOURCE.replace("import java.util.List;", "import java.util.*;"),
                SOURCE.replace("    /** Adds. */", "    int twice(int a) { return 2 * a; }\n    /** Adds. */"),
                SOURCE.replace("public int sum", "private int sum"),
                SOURCE.replace("return a - b;", "return a - b"))) {
            assertThat(CompiledClasses.bodiesOnly(SOURCE, changed)).as(changed).isPresent();
        }
        assertThat(CompiledClasses.bodiesOnly(SOURCE, SOURCE.replace("/** Adds. */", "/** Adds them. */")))
                .as("a comment is not code").isEmpty();
    }

    @Test
    void aNewFileANonJavaFileOrATestFileCompilesEverything() throws IOException {
        write(copy, "src/main/java/org/shop/New.java", "package org.shop;\nclass New {}\n");

        assertThat(CompiledClasses.whyNot(pristine, baseline, copy, List.of("src/main/java/org/shop/New.java")))
                .hasValueSatisfying(w -> assertThat(w).contains("new or deleted"));
        assertThat(CompiledClasses.whyNot(pristine, baseline, copy, List.of("src/main/resources/app.properties")))
                .hasValueSatisfying(w -> assertThat(w).contains("not a Java source under src/main/java/"));
        assertThat(CompiledClasses.whyNot(pristine, baseline, copy, List.of("src/test/java/org/shop/CalcTest.java")))
                .isPresent();
    }

    @Test
    void onlyAPlainOneModuleBuildWithMavensOwnPluginsReusesClasses() throws IOException {
        assertThat(CompiledClasses.plainBuild(copy, baseline)).isEmpty();
        for (String pom : List.of(
                POM.replace("<modelVersion>", "<parent><groupId>a</groupId><artifactId>b</artifactId>"
                        + "<version>1</version></parent><modelVersion>"),
                POM.replace("<build>", "<modules><module>core</module></modules><build>"),
                POM.replace("maven-surefire-plugin", "aspectj-maven-plugin"),
                POM.replace("<version>3.13.0</version>", "<version>4.0.0-beta-1</version>"),
                POM.replace("<version>3.13.0</version>", "<version>3.13.0</version><configuration>"
                        + "<useIncrementalCompilation>true</useIncrementalCompilation></configuration>"),
                POM.replace("<version>3.13.0</version>", "<version>3.13.0</version><configuration>"
                        + "<annotationProcessorPaths/></configuration>"),
                POM.replace("<build>", "<build><outputDirectory>out</outputDirectory>"),
                POM.replace("<version>1.0-SNAPSHOT</version>", "<version>1.0-SNAPSHOT</version><packaging>war</packaging>"),
                POM.replace("<build>", "<profiles><profile><id>x</id></profile></profiles><build>"))) {
            write(copy, "pom.xml", pom);
            assertThat(CompiledClasses.plainBuild(copy, baseline)).as(pom).isPresent();
        }
    }

    @Test
    void generatedSourcesOrAProjectsOwnMavenSettingsCompileEverything() throws IOException {
        write(copy, ".mvn/jvm.config", "-Xmx1g");
        assertThat(CompiledClasses.plainBuild(copy, baseline)).hasValueSatisfying(w -> assertThat(w).contains(".mvn"));

        Files.delete(copy.resolve(".mvn/jvm.config"));
        Files.delete(copy.resolve(".mvn"));
        Files.createDirectories(baseline.resolve("target/generated-sources/annotations"));
        assertThat(CompiledClasses.plainBuild(copy, baseline)).as("the compiler makes this folder in every build")
                .isEmpty();
        write(baseline, "target/generated-sources/annotations/org/shop/Gen.java", "class Gen {}");
        assertThat(CompiledClasses.plainBuild(copy, baseline)).hasValueSatisfying(w -> assertThat(w)
                .contains("generated sources"));
    }

    @Test
    void theCopyGetsTheClassesDatedSoOnlyTheChangedFileCompilesAgain() throws IOException {
        write(copy, CALC, SOURCE.replace("return a - b;", "return a + b;"));

        CompiledClasses.reuse(baseline, copy, List.of(CALC), NOW);

        Path classes = copy.resolve("target/classes/org/shop");
        assertThat(classes.resolve("Calc.class")).as("the changed file's class").doesNotExist();
        assertThat(classes.resolve("Calc$1.class")).as("its anonymous class").doesNotExist();
        assertThat(classes.resolve("CalcExtra.class")).as("another type, not nested in Calc").exists();
        assertThat(classes.resolve("Other.class")).hasContent("bytes of target/classes/org/shop/Other.class");
        assertThat(copy.resolve("target/test-classes/org/shop/CalcTest.class")).exists();
        assertThat(copy.resolve("target/classes/app.properties")).as("resources are the build's to copy")
                .doesNotExist();
        Instant classTime = Files.getLastModifiedTime(classes.resolve("Other.class")).toInstant();
        for (String source : List.of(CALC, "src/main/java/org/shop/Other.java",
                "src/test/java/org/shop/CalcTest.java")) {
            assertThat(Files.getLastModifiedTime(copy.resolve(source)).toInstant()).as(source)
                    .isBefore(classTime).isBefore(NOW.minus(Duration.ofMinutes(30)));
        }
        assertThat(copy.resolve(CompiledClasses.MAVEN_CONFIG)).hasContent(CompiledClasses.STALE_ONLY);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void write(Path root, String path, String text) throws IOException {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), text);
    }
}

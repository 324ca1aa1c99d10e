package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.testrun.EnvironmentFailure.Kind;
import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvironmentFailuresTest {
    private static final List<String> PYTHON_FILES = List.of("pyproject.toml", "src/mylib/__init__.py",
            "src/mylib/calc.py", "src/mylib/helpers.py", "tests/test_inner.py", "tests/test_third.py",
            "tests/conftest.py");

    private static EnvironmentFailures in(List<String> files) {
        return new EnvironmentFailures(new FileIndex(Path.of("/repo"), files));
    }

    private static TestResult failed(String id, TestStatus status, String message, String trace) {
        return new TestResult(id, status, message, trace, List.of());
    }

    @Test
    void thirdPartyModuleMissingAtCollectionIsTheEnvironment() {
        // pytest's JUnit XML for a test module whose top-level import fails.
        TestResult collected = failed("tests/test_third.py", TestStatus.ERRORED, TestResult.COLLECTION_FAILURE, """
                ImportError while importing test module '/tmp/envfx/tests/test_third.py'.
                Hint: make sure your test modules/packages have valid Python names.
                Traceback:
                /usr/lib/python3.11/importlib/__init__.py:126: in import_module
                    return _bootstrap._gcd_import(name[level:], package, level)
                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
                tests/test_third.py:1: in <module>
                    import tabulate
                E   ModuleNotFoundError: No module named 'tabulate'""");

        assertThat(in(PYTHON_FILES).of(collected)).hasValueSatisfying(f -> {
            assertThat(f.test()).isEqualTo("tests/test_third.py");
            assertThat(f.kind()).isEqualTo(Kind.PYTHON_MODULE);
            assertThat(f.missing()).isEqualTo("tabulate");
            assertThat(f.said()).isEqualTo("ModuleNotFoundError: No module named 'tabulate'");
            assertThat(f.setup()).isEqualTo("pip install tabulate");
        });
    }

    @Test
    void thirdPartyModuleImportedInsideTheTestIsTheEnvironment() {
        TestResult t = failed("tests/test_inner.py::test_inside", TestStatus.FAILED,
                "ModuleNotFoundError: No module named 'humanize.time'", """
                def test_inside():
                >       import humanize.time
                E       ModuleNotFoundError: No module named 'humanize.time'

                tests/test_inner.py:2: ModuleNotFoundError""");

        assertThat(in(PYTHON_FILES).of(t)).map(EnvironmentFailure::missing).hasValue("humanize.time");
        assertThat(in(PYTHON_FILES).of(t)).map(EnvironmentFailure::setup).hasValue("pip install humanize");
    }

    @Test
    void repositoryModuleThatFailsToImportIsTheCodesBug() {
        // mylib/calc.py imports a name its sibling module does not define: a bug of the repository.
        TestResult t = failed("tests/test_inner.py::test_bug", TestStatus.FAILED,
                "ImportError: cannot import name 'nothing_here' from 'mylib.helpers' (/tmp/envfx/src/mylib/helpers.py)",
                """
                def test_bug():
                >       import mylib.calc

                tests/test_inner.py:8:\s
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

                >   from mylib.helpers import nothing_here
                E   ImportError: cannot import name 'nothing_here' from 'mylib.helpers' (/tmp/envfx/src/mylib/helpers.py)

                src/mylib/calc.py:1: ImportError""");
        TestResult missingSubmodule = failed("tests/test_inner.py::test_sub", TestStatus.FAILED,
                "ModuleNotFoundError: No module named 'mylib.calcs'", """
                >       import mylib.calcs
                E       ModuleNotFoundError: No module named 'mylib.calcs'""");

        assertThat(in(PYTHON_FILES).of(t)).isEmpty();
        assertThat(in(PYTHON_FILES).of(missingSubmodule)).isEmpty();
    }

    @Test
    void namespacePackageWithoutInitIsTheRepositorys() {
        TestResult t = failed("tests/test_ns.py::test_ns", TestStatus.FAILED,
                "ModuleNotFoundError: No module named 'plugins.extra'", """
                >       import plugins.extra
                E       ModuleNotFoundError: No module named 'plugins.extra'""");

        assertThat(in(List.of("plugins/core.py", "tests/test_ns.py")).of(t)).isEmpty();
    }

    @Test
    void thirdPartyVersionWithoutTheImportedNameIsTheEnvironment() {
        TestResult t = failed("tests/test_a.py::test_a", TestStatus.FAILED,
                "ImportError: cannot import name 'Mapping' from 'collections' (/usr/lib/python3.11/collections/__init__.py)",
                """
                >   from collections import Mapping
                E   ImportError: cannot import name 'Mapping' from 'collections' (/usr/lib/python3.11/collections/__init__.py)""");

        assertThat(in(PYTHON_FILES).of(t)).map(EnvironmentFailure::missing).hasValue("collections");
    }

    @Test
    void testThatExpectsAnImportErrorAndFailsOtherwiseIsNotTheEnvironment() {
        // pytest.raises(ImportError, match=...) saw the import error but not the message it wanted.
        TestResult t = failed("tests/test_opt.py::test_optional", TestStatus.FAILED,
                "AssertionError: Regex pattern did not match.\n Regex: 'install extra'\n Input: \"No module named 'tabulate'\"",
                """
                    def test_optional():
                >       with pytest.raises(ImportError, match="install extra"):
                E       AssertionError: Regex pattern did not match.
                E        Regex: 'install extra'
                E        Input: "No module named 'tabulate'"
                """);
        TestResult raisedByCode = failed("tests/test_opt.py::test_loader", TestStatus.FAILED,
                "ModuleNotFoundError: No module named 'tabulate'", """
                    def load():
                >       raise ModuleNotFoundError("No module named 'tabulate'")
                E       ModuleNotFoundError: No module named 'tabulate'

                src/mylib/calc.py:9: ModuleNotFoundError""");

        assertThat(in(PYTHON_FILES).of(t)).isEmpty();
        assertThat(in(PYTHON_FILES).of(raisedByCode)).isEmpty();
    }

    @Test
    void projectsOwnDistributionNotInstalledIsTheEnvironment() {
        TestResult t = failed("tests/test_inner.py::test_version", TestStatus.FAILED,
                "importlib.metadata.PackageNotFoundError: No package metadata was found for mylib", """
                    def test_version():
                        from importlib.metadata import version
                >       assert version("mylib")

                tests/test_inner.py:6:\s
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
                        except StopIteration:
                >           raise PackageNotFoundError(name)
                E           importlib.metadata.PackageNotFoundError: No package metadata was found for mylib

                /usr/lib/python3.11/importlib/metadata/__init__.py:565: PackageNotFoundError""");

        assertThat(in(PYTHON_FILES).of(t)).hasValueSatisfying(f -> {
            assertThat(f.kind()).isEqualTo(Kind.PYTHON_DISTRIBUTION);
            assertThat(f.missing()).isEqualTo("mylib");
            assertThat(f.setup()).isEqualTo("pip install -e .");
        });
    }

    @Test
    void dependencyClassMissingOnTheJvmIsTheEnvironment() {
        TestResult t = failed("com.acme.text.SlugsTest#lowercases", TestStatus.ERRORED,
                "org/apache/commons/lang3/StringUtils", """
                java.lang.NoClassDefFoundError: org/apache/commons/lang3/StringUtils
                \tat com.acme.text.Slugs.slug(Slugs.java:12)
                \tat com.acme.text.SlugsTest.lowercases(SlugsTest.java:9)
                \tat java.base/java.lang.reflect.Method.invoke(Method.java:580)
                Caused by: java.lang.ClassNotFoundException: org.apache.commons.lang3.StringUtils
                \tat java.base/jdk.internal.loader.BuiltinClassLoader.loadClass(BuiltinClassLoader.java:641)
                \tat java.base/java.lang.ClassLoader.loadClass(ClassLoader.java:526)
                \t... 3 more
                """);
        List<String> files = List.of("pom.xml", "src/main/java/com/acme/text/Slugs.java",
                "src/test/java/com/acme/text/SlugsTest.java");

        assertThat(in(files).of(t)).hasValueSatisfying(f -> {
            assertThat(f.kind()).isEqualTo(Kind.JAVA_CLASS);
            assertThat(f.missing()).isEqualTo("org.apache.commons.lang3.StringUtils");
            assertThat(f.setup()).isEqualTo("mvn -B dependency:go-offline");
        });
    }

    @Test
    void repositoryClassMissingOrBrokenOnTheJvmIsNotTheEnvironment() {
        List<String> files = List.of("pom.xml", "src/main/java/com/acme/text/Slugs.java",
                "src/test/java/com/acme/text/SlugsTest.java");
        TestResult repoClass = failed("com.acme.text.SlugsTest#lowercases", TestStatus.ERRORED,
                "com/acme/text/Slugs$Table", """
                java.lang.NoClassDefFoundError: com/acme/text/Slugs$Table
                \tat com.acme.text.SlugsTest.lowercases(SlugsTest.java:9)
                """);
        TestResult notInitialized = failed("com.acme.text.SlugsTest#other", TestStatus.ERRORED,
                "Could not initialize class org.apache.commons.lang3.StringUtils", """
                java.lang.NoClassDefFoundError: Could not initialize class org.apache.commons.lang3.StringUtils
                \tat com.acme.text.SlugsTest.other(SlugsTest.java:14)
                """);
        TestResult generated = failed("com.acme.text.SlugsTest#gen", TestStatus.ERRORED, "",
                "java.lang.ClassNotFoundException: com.acme.text.GeneratedTable\n\tat x.Y.z(Y.java:1)\n");

        assertThat(in(files).among(List.of(repoClass, notInitialized, generated))).isEmpty();
    }

    @Test
    void mavenDependencyResolutionFailureNamesTheArtifact() {
        String log = """
                [INFO] Scanning for projects...
                [INFO] --------------------------< com.example:demo >--------------------------
                [INFO] Building demo 1.0-SNAPSHOT
                [ERROR] Failed to execute goal on project demo: Could not resolve dependencies for project \
                com.example:demo:jar:1.0-SNAPSHOT: Cannot access central (https://maven-mirror.example/maven2) in \
                offline mode and the artifact org.example.absent:nowhere-lib:jar:9.9.9 has not been downloaded from \
                it before. -> [Help 1]
                [ERROR]
                [ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
                """;

        List<EnvironmentFailure> found = in(List.of("pom.xml", "src/main/java/com/example/App.java")).inBuildLog(log);

        assertThat(found).singleElement().satisfies(f -> {
            assertThat(f.ofBuild()).isTrue();
            assertThat(f.kind()).isEqualTo(Kind.MAVEN_ARTIFACT);
            assertThat(f.missing()).isEqualTo("org.example.absent:nowhere-lib:jar:9.9.9");
            assertThat(f.setup()).isEqualTo("mvn -B dependency:go-offline");
        });
    }

    @Test
    void mavenPluginAndParentPomFailuresNameWhatIsMissing() {
        String log = """
                [ERROR] Plugin org.apache.maven.plugins:maven-compiler-plugin:3.1 or one of its dependencies could \
                not be resolved: Cannot access central (https://maven-mirror.example/maven2) in offline mode and the \
                artifact org.apache.maven.plugins:maven-compiler-plugin:jar:3.1 has not been downloaded from it before. -> [Help 1]
                [ERROR]   Non-resolvable parent POM for com.example:child:1.0: Could not transfer artifact \
                com.example:parent:pom:1.0 from/to central (https://maven-mirror.example/maven2): Connection refused
                """;

        assertThat(in(List.of("pom.xml")).inBuildLog(log)).extracting(EnvironmentFailure::missing).containsExactly(
                "org.apache.maven.plugins:maven-compiler-plugin:3.1", "com.example:parent:pom:1.0");
    }

    @Test
    void otherEcosystemsResolutionFailuresAreTheEnvironment() {
        String log = """
                tests/a_test.go:5:2: missing go.sum entry for module providing package github.com/google/go-cmp/cmp (imported by example.com/a); to add:
                error: no matching package named `serde_jsonx` found
                Error: Cannot find module 'left-pad'
                """;

        assertThat(in(List.of("go.mod", "a.go")).inBuildLog(log)).extracting(EnvironmentFailure::kind,
                EnvironmentFailure::missing).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Kind.GO_MODULE, "github.com/google/go-cmp/cmp"),
                        org.assertj.core.groups.Tuple.tuple(Kind.RUST_CRATE, "serde_jsonx"),
                        org.assertj.core.groups.Tuple.tuple(Kind.NODE_PACKAGE, "left-pad"));
    }

    @Test
    void nodeTestMissingAPackageIsTheEnvironmentButARelativeFileIsNot() {
        TestResult pkg = failed("test/a.test.js::works", TestStatus.FAILED,
                "Error: Cannot find module '@scope/util/sub'", "Error: Cannot find module '@scope/util/sub'\nRequire stack:\n- /r/test/a.test.js");
        TestResult relative = failed("test/a.test.js::rel", TestStatus.FAILED,
                "Error: Cannot find module './missing'", "Error: Cannot find module './missing'");

        assertThat(in(List.of("package.json", "test/a.test.js")).of(pkg)).map(EnvironmentFailure::missing)
                .hasValue("@scope/util");
        assertThat(in(List.of("package.json", "test/a.test.js")).of(relative)).isEmpty();
    }
}

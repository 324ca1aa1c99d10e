package dev.repofix.eval.swebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.eval.cases.CaseEnvironment;
import dev.repofix.eval.cases.CaseException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweBenchSpecsTest {
    @TempDir
    Path dir;

    private SweBenchSpecs.Loaded read(String text, String name) throws Exception {
        return SweBenchSpecs.read(Files.writeString(dir.resolve(name), text));
    }

    @Test
    void readsYamlKeyedByRepositoryThenVersionWithSweBenchsKeys() throws Exception {
        SweBenchSpecs.Loaded loaded = read("""
                example/calc:
                  1.10:
                    python: 3.10
                    packages: requirements.txt
                    pip_packages: ["'numpy<2'", pytest]
                    pre_install: ["sed -i 's/>=>=/>=/' setup.cfg"]
                    install: python -m pip install -e .
                    eval_commands: ["export LANG=en_US.UTF-8", "export PYTHONIOENCODING='utf8'"]
                    env: {CALC_MODE: strict}
                    test_cmd: pytest -rA
                  "2.0":
                    python: "3.11"
                    install: ["python -m pip install -e .", "python -m pip install pytest"]
                """, "specs.yaml");

        assertThat(loaded.warnings()).isEmpty();
        SweBenchSpecs specs = loaded.specs();
        assertThat(specs.size()).isEqualTo(2);
        CaseEnvironment first = specs.environment("example/calc", "1.10").orElseThrow();
        assertThat(first.python()).as("3.10 as written, not the number 3.1").contains("3.10");
        assertThat(first.install()).containsExactly("python -m pip install -e .");
        assertThat(first.env()).containsExactly(Map.entry("CALC_MODE", "strict"), Map.entry("LANG", "en_US.UTF-8"),
                Map.entry("PYTHONIOENCODING", "utf8"));
        assertThat(first.testCmd()).contains("pytest -rA");
        assertThat(first.setupCommands()).as("SWE-bench's order: the environment's packages, then the project")
                .containsExactly("python -m pip install -r requirements.txt",
                        "python -m pip install 'numpy<2' pytest", "sed -i 's/>=>=/>=/' setup.cfg",
                        "python -m pip install -e .");
        assertThat(specs.environment("example/calc", "2.0").orElseThrow().install()).hasSize(2);
        assertThat(specs.environment("example/calc", "1.1")).isEmpty();
        assertThat(specs.environment("example/other", "1.10")).isEmpty();
    }

    @Test
    void readsJsonAsSweBenchsSpecsAreWritten() throws Exception {
        SweBenchSpecs specs = read("""
                {"example/calc": {"0.7": {"python": "3.9", "packages": "pytest", "install": "python -m pip install ."}}}
                """, "specs.json").specs();

        assertThat(specs.environment("example/calc", "0.7")).contains(new CaseEnvironment(Optional.of("3.9"),
                Optional.of("pytest"), List.of(), List.of(), List.of("python -m pip install ."), Map.of(),
                Optional.empty()));
    }

    @Test
    void anUnknownKeyIsAnErrorNamingItAndItsEntry() {
        assertThatThrownBy(() -> read("""
                example/calc:
                  "1.0": {python: "3.9", pip_package: [pytest], install: "pip install ."}
                """, "specs.yaml"))
                .isInstanceOf(CaseException.class)
                .hasMessageContaining("example/calc 1.0: unknown key(s) [pip_package]")
                .hasMessageContaining("pip_packages");
    }

    @Test
    void sweBenchsImageKeysAndCommandsThatAreNotExportsAreWarnedAbout() throws Exception {
        SweBenchSpecs.Loaded loaded = read("""
                example/calc:
                  "1.0":
                    python: "3.9"
                    execute_test_as_nonroot: true
                    eval_commands: ["locale-gen en_US.UTF-8", "export LANG=C.UTF-8"]
                """, "specs.yaml");

        assertThat(loaded.warnings()).hasSize(2);
        assertThat(loaded.warnings().get(0)).contains("example/calc 1.0").contains("execute_test_as_nonroot");
        assertThat(loaded.warnings().get(1)).contains("locale-gen en_US.UTF-8").contains("not run");
        assertThat(loaded.specs().environment("example/calc", "1.0").orElseThrow().env())
                .containsExactly(Map.entry("LANG", "C.UTF-8"));
    }

    @Test
    void refusesBadVariableNamesReservedOnesACondaEnvironmentAndWrongTypes() {
        assertThatThrownBy(() -> read("""
                example/calc:
                  "1.0": {env: {"1BAD": x, PATH: /opt/bin}}
                  "2.0": {packages: environment.yml}
                  "3.0": {python: [3, 9]}
                  "4.0": {python: "three"}
                example/other: [not, a, map]
                """, "specs.yaml"))
                .isInstanceOf(CaseException.class)
                .hasMessageContaining("6 problem(s)")
                .hasMessageContaining("example/calc 1.0: env names a variable '1BAD'")
                .hasMessageContaining("example/calc 1.0: env sets PATH")
                .hasMessageContaining("example/calc 2.0: packages 'environment.yml'")
                .hasMessageContaining("example/calc 3.0: python must be a string")
                .hasMessageContaining("example/calc 4.0: python 'three' is no Python version")
                .hasMessageContaining("example/other: must map versions to specs");
    }

    @Test
    void aMissingOrUnparsableFileIsAnInputError() throws Exception {
        assertThatThrownBy(() -> SweBenchSpecs.read(dir.resolve("none.yaml"))).isInstanceOf(CaseException.class)
                .hasMessageContaining("no specs file at");
        assertThatThrownBy(() -> read("example/calc: {\"1.0\": [unclosed\n", "bad.yaml"))
                .isInstanceOf(CaseException.class).hasMessageContaining("is not YAML or JSON");
    }
}

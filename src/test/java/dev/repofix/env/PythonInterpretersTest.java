package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PythonInterpretersTest {
    private static PythonInterpreter at(String version, boolean pathDefault) {
        return new PythonInterpreter(Path.of("/opt/python" + version + "/bin/python3"), version, pathDefault);
    }

    private static final PythonInterpreters FOUND = () -> List.of(at("3.12.1", false), at("3.9.18", false),
            at("3.11.7", true), at("3.10.13", false));

    private static String chosen(String requirement) {
        return FOUND.choose(Optional.of(requirement), "requires-python").version();
    }

    @Test
    void takesTheNewestThatSatisfiesTheRequirement() {
        assertThat(chosen("<3.10")).isEqualTo("3.9.18");
        assertThat(chosen(">=3.8,<3.12")).isEqualTo("3.11.7");
        assertThat(chosen(">=3.9")).isEqualTo("3.12.1");
        assertThat(chosen("<=3.10")).as("PEP 440: 3.10.13 > 3.10.0").isEqualTo("3.9.18");
        assertThat(chosen("<=3.10.13")).isEqualTo("3.10.13");
        assertThat(chosen(">3.10.13")).isEqualTo("3.12.1");
        assertThat(chosen("~=3.9")).isEqualTo("3.12.1");
        assertThat(chosen("~=3.9.0")).isEqualTo("3.9.18");
        assertThat(chosen("==3.10.*")).isEqualTo("3.10.13");
        assertThat(chosen("!=3.12.*")).isEqualTo("3.11.7");
        assertThat(chosen("!=3.12.1, >= 3.9")).isEqualTo("3.11.7");
        assertThat(chosen("==3.9.18")).isEqualTo("3.9.18");
        assertThat(chosen("3.10")).as("a python-version such as 3.10").isEqualTo("3.10.13");
    }

    @Test
    void withoutARequirementTakesThePython3OnPath() {
        assertThat(FOUND.choose(Optional.empty(), "none").version()).isEqualTo("3.11.7");
    }

    @Test
    void noneSatisfyingIsAnInputErrorNamingTheRequirementAndWhatWasFound() {
        assertThatThrownBy(() -> chosen("<3.8"))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("no installed Python satisfies <3.8 (requires-python)")
                .hasMessageContaining("3.9.18 at /opt/python3.9.18/bin/python3")
                .hasMessageContaining("pyenv install 3.7")
                .satisfies(e -> assertThat(((RepofixException) e).kind()).isEqualTo(RepofixException.ErrorKind.INPUT));
    }

    @Test
    void aRequirementThatIsNoSpecifierIsAnInputError() {
        assertThatThrownBy(() -> chosen(">=three"))
                .isInstanceOf(EnvironmentException.class).hasMessageContaining("'>=three' is not a version clause")
                .hasMessageContaining("set python-version");
        assertThatThrownBy(() -> chosen(">=3.9.*")).hasMessageContaining("a wildcard goes only with == or !=");
    }

    @Test
    void findsARealInterpreterBelow310WhenOneIsInstalled() {
        PythonInterpreters host = new HostPythonInterpreters(new LocalProcessExecutor(Clock.systemUTC()),
                HostEnvironment.fromSystem());
        List<PythonInterpreter> installed = host.installed();
        assumeThat(installed).as("a Python 3.9 or older is installed").anyMatch(i -> i.release()[1] < 10);

        PythonInterpreter chosen = host.choose(Optional.of("<3.10"), "requires-python");

        assertThat(chosen.release()[1]).isLessThan(10);
        assertThat(chosen.executable()).isExecutable();
        assertThat(installed).extracting(PythonInterpreter::executable).doesNotHaveDuplicates();
    }
}

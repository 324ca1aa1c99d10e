package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.RunSettings;
import dev.repofix.eval.cases.CaseEnvironment;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A case's environment as the run settings of its run. */
class EvalSessionTest {
    private static final RunSettings CONFIGURED = RunSettings.defaults().withReruns(3)
            .withEnvironment(Optional.of("3.12"), Map.of());

    private static EvalCase kase(Optional<String> testCommand, List<String> setup, Optional<CaseEnvironment> env) {
        return new EvalCase("calc-1", "repo", "abc", testCommand, "python", List.of("tests/test_a.py::test_a"),
                List.of(), new ReferenceIssue("t", "d"), Optional.empty(), new ReferencePatch("diff", ""),
                Optional.empty(), Optional.empty(), List.of(), Optional.empty(), List.of(), setup, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of("1.0"), env, List.of());
    }

    private static CaseEnvironment environment(Optional<String> python, Optional<String> testCmd) {
        return new CaseEnvironment(python, Optional.empty(), List.of("pytest"), List.of("echo pre"),
                List.of("python -m pip install -e ."), Map.of("CALC_MODE", "strict"), testCmd);
    }

    @Test
    void aCasesEnvironmentGivesItsSetupPythonVariablesAndTestCommand() {
        RunSettings s = EvalSession.caseSettings(CONFIGURED, kase(Optional.empty(), List.of("ignored"),
                Optional.of(environment(Optional.of("3.9"), Optional.of("pytest -rA")))));

        assertThat(s.setup()).containsExactly("python -m pip install pytest", "echo pre", "python -m pip install -e .");
        assertThat(s.pythonVersion()).contains("3.9");
        assertThat(s.variables()).containsExactly(Map.entry("CALC_MODE", "strict"));
        assertThat(s.testCommand()).contains("pytest -rA");
        assertThat(s.jobs()).isEqualTo(1);
        assertThat(s.reruns()).isEqualTo(3);
    }

    @Test
    void theCasesOwnTestCommandWinsAndTheConfiguredPythonStandsWhenTheEnvironmentNamesNone() {
        RunSettings s = EvalSession.caseSettings(CONFIGURED, kase(Optional.of("python -m pytest -q"), List.of(),
                Optional.of(environment(Optional.empty(), Optional.of("pytest -rA")))));

        assertThat(s.testCommand()).contains("python -m pytest -q");
        assertThat(s.pythonVersion()).contains("3.12");
    }

    @Test
    void aCaseWithoutAnEnvironmentRunsWithItsSetupAsBefore() {
        RunSettings s = EvalSession.caseSettings(CONFIGURED, kase(Optional.empty(), List.of("pip install -e ."),
                Optional.empty()));

        assertThat(s.setup()).containsExactly("pip install -e .");
        assertThat(s.testCommand()).isEmpty();
        assertThat(s.pythonVersion()).contains("3.12");
        assertThat(s.variables()).isEmpty();
    }
}

package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ValidationBenchFiguresTest {
    @Test
    void namesTheCandidatesWhoseVerdictScreeningChanged() {
        Map<String, Verdict> before = new LinkedHashMap<>();
        before.put("c1", Verdict.TESTS_FAIL);
        before.put("c2", Verdict.BUILD_FAILED);
        before.put("c3", Verdict.VALID);
        Map<String, Verdict> after = new LinkedHashMap<>();
        after.put("c1", Verdict.TESTS_FAIL);
        after.put("c2", Verdict.TESTS_FAIL);
        after.put("c4", Verdict.VALID);

        ValidationBench.Figures f = new ValidationBench.Figures("repo", "maven", 3, Duration.ofSeconds(10),
                figures(before), figures(after));

        assertThat(f.validatedByBoth()).containsExactly("c1", "c2");
        assertThat(f.verdictsThatDiffer()).containsExactly("c2: BUILD_FAILED -> TESTS_FAIL");
    }

    private static ValidationBench.RunFigures figures(Map<String, Verdict> verdicts) {
        return new ValidationBench.RunFigures(RunStatus.FIXED, Duration.ofSeconds(20), List.of(), Optional.empty(),
                List.of(), verdicts);
    }
}

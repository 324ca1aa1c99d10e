package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

class SandboxOwnerTest {
    private static final Instant NOW = Instant.parse("2026-01-10T12:00:00Z");
    private static final SandboxOwner US = new SandboxOwner("run-us", 100, "ci-7");
    private static final LongPredicate ONLY_200_ALIVE = pid -> pid == 200;

    @Test
    void labelsNameTheRunTheProcessTheHostAndTheDeadline() {
        assertThat(US.labels(NOW)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "repofix.sandbox", "1", "repofix.run", "run-us", "repofix.pid", "100", "repofix.host", "ci-7",
                "repofix.deadline", Long.toString(NOW.getEpochSecond())));
    }

    @Test
    void reapsAContainerWhoseCreatorOnThisHostIsGone() {
        assertThat(US.mayReap(labels("run-old", 300, "ci-7", NOW.plusSeconds(600)), NOW, ONLY_200_ALIVE)).isTrue();
    }

    @Test
    void keepsAConcurrentLiveRunsContainerWhateverItsAge() {
        assertThat(US.mayReap(labels("run-other", 200, "ci-7", NOW.plusSeconds(1)), NOW, ONLY_200_ALIVE)).isFalse();
    }

    @Test
    void keepsAnotherHostsContainerUntilItsDeadline() {
        Map<String, String> other = labels("run-other", 300, "ci-8", NOW.plusSeconds(60));

        assertThat(US.mayReap(other, NOW, ONLY_200_ALIVE)).isFalse();
        assertThat(US.mayReap(other, NOW.plusSeconds(61), ONLY_200_ALIVE)).isTrue();
    }

    @Test
    void reapsAnyContainerPastItsDeadlineEvenOfALiveCreator() {
        assertThat(US.mayReap(labels("run-other", 200, "ci-7", NOW.minusSeconds(1)), NOW, ONLY_200_ALIVE)).isTrue();
    }

    @Test
    void neverReapsItsOwnRunsContainers() {
        assertThat(US.mayReap(labels("run-us", 300, "ci-7", NOW.minusSeconds(1)), NOW, pid -> false)).isFalse();
    }

    @Test
    void leavesContainersItCannotJudgeAlone() {
        Map<String, String> unlabelled = new HashMap<>(Map.of("repofix.sandbox", "1", "repofix.run", "x"));
        Map<String, String> notOurs = Map.of("com.example", "1");

        assertThat(US.mayReap(unlabelled, NOW, pid -> false)).isFalse();
        assertThat(US.mayReap(notOurs, NOW, pid -> false)).isFalse();
        unlabelled.put("repofix.pid", "not-a-number");
        unlabelled.put("repofix.host", "ci-7");
        assertThat(US.mayReap(unlabelled, NOW, pid -> false)).isFalse();
    }

    private static Map<String, String> labels(String run, long pid, String host, Instant deadline) {
        return new SandboxOwner(run, pid, host).labels(deadline);
    }
}

package dev.repofix.pipeline;

import java.util.Objects;
import java.util.Optional;

/**
 * What started a run, so that a saved record can be published and kept: the trigger and,
 * in CI, the repository, pull request and commit it was about.
 *
 * @param trigger     local, pr, push, schedule or manual
 * @param repository  {@code owner/name} (GitHub) or the project id (GitLab)
 * @param pullRequest the pull or merge request number
 * @param headSha     the commit the tests ran on
 */
public record RunOrigin(String trigger, Optional<String> repository, Optional<Integer> pullRequest,
        Optional<String> headSha) {
    public RunOrigin {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(pullRequest, "pullRequest");
        Objects.requireNonNull(headSha, "headSha");
    }

    /** A run started by hand on this machine. */
    public static RunOrigin local() {
        return new RunOrigin("local", Optional.empty(), Optional.empty(), Optional.empty());
    }
}

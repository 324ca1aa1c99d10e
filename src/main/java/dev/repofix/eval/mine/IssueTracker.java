package dev.repofix.eval.mine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Where mining looks up the issues a commit closes (GitHub's API); one seam, one method. */
public interface IssueTracker {
    /**
     * The issue numbered {@code number}; empty when the tracker has none (deleted, another repository's).
     *
     * @throws dev.repofix.config.RepofixException (runtime) when the tracker cannot be asked (rate limit, network)
     */
    Optional<TrackedIssue> issue(int number);

    /** A tracker that knows no issue: mining by commit messages alone. */
    static IssueTracker none() {
        return number -> Optional.empty();
    }

    /** An issue as the tracker has it; no component is null. */
    record TrackedIssue(int number, String title, String body, List<String> labels) {
        public TrackedIssue {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(body, "body");
            labels = List.copyOf(labels);
        }

        /** Whether the issue reports a bug: a bug label, or the words in its title or body. */
        public boolean isBug() {
            return labels.stream().anyMatch(FixWords::bugLabel) || FixWords.saysFix(title) || FixWords.saysFix(body);
        }
    }
}

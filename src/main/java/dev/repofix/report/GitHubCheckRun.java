package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.Location;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.kohsuke.github.GHCheckRun;
import org.kohsuke.github.GHCheckRunBuilder;
import org.kohsuke.github.GHRepository;

/** A check run on the head commit, with annotations at the fault lines. */
final class GitHubCheckRun implements Publisher {
    /** GitHub takes at most 50 annotations per request; github-api sends the rest in updates. */
    static final int ANNOTATIONS_PER_REQUEST = 50;
    static final String CHECK_NAME = "repofix";
    /** How much of the fix's diff the check run's text shows; the report artifact has it whole. */
    private static final int DIFF = 20_000;

    private final GHRepository repo;
    private final GitHubTarget target;
    private final Clock clock;

    GitHubCheckRun(GHRepository repo, GitHubTarget target, Clock clock) {
        this.repo = Objects.requireNonNull(repo, "repo");
        this.target = Objects.requireNonNull(target, "target");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public String what() {
        return "the check run";
    }

    @Override
    public Publication publish(RunResult result) {
        List<String> posted = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        GitHubCalls.attempt(() -> posted.add("check run " + checkRun(result)), what(), warnings);
        return Publication.of(posted, warnings);
    }

    private String checkRun(RunResult result) throws IOException {
        GHCheckRunBuilder.Output output = new GHCheckRunBuilder.Output(Headline.of(result), checkSummary(result));
        for (GHCheckRunBuilder.Annotation a : annotations(result)) {
            output.add(a);
        }
        GHCheckRun run = repo.createCheckRun(CHECK_NAME, target.headSha())
                .withStatus(GHCheckRun.Status.COMPLETED)
                .withConclusion(conclusion(result.status()))
                .withCompletedAt(java.util.Date.from(clock.instant()))
                .add(output)
                .create();
        return String.valueOf(run.getHtmlUrl() != null ? run.getHtmlUrl() : run.getId());
    }

    /**
     * success: the tests pass, or a fix was proven; failure: tests fail and no fix was
     * proven (or the build is broken), or repofix could not finish (the summary says why);
     * neutral: only flaky tests failed, or a stage could not answer; cancelled: interrupted.
     */
    static GHCheckRun.Conclusion conclusion(RunStatus status) {
        return switch (status) {
            case TESTS_PASS, FIXED -> GHCheckRun.Conclusion.SUCCESS;
            case NOT_FIXED, BUILD_BROKEN, ENVIRONMENT, ERROR -> GHCheckRun.Conclusion.FAILURE;
            case FLAKY_ONLY, STAGE_FAILED -> GHCheckRun.Conclusion.NEUTRAL;
            case CANCELLED -> GHCheckRun.Conclusion.CANCELLED;
        };
    }

    /** The check run's text (Markdown), within GitHub's 65,535 characters: the run's text is capped before escaping. */
    static String checkSummary(RunResult result) {
        StringBuilder sb = new StringBuilder();
        result.issue().ifPresent(i -> sb.append("**").append(Markdown.text(i.title(), 200)).append("**\n\n")
                .append(Markdown.prose(i.description(), PullRequestComment.DESCRIPTION)).append("\n\n"));
        result.fix().ifPresent(f -> {
            String diff = f.diff().length() <= DIFF ? f.diff()
                    : f.diff().substring(0, DIFF) + "\n... (cut; see the report artifact)\n";
            sb.append("A fix the tests prove: ").append(Markdown.textWithCode(f.description(), 200)).append(" at ")
                    .append(Markdown.code(Texts.where(f), 300)).append("\n\n").append(Markdown.fence("diff", diff));
        });
        return sb.length() == 0 ? Markdown.text(Headline.of(result)) : sb.toString();
    }

    /** Suspected lines as warnings, then failing tests' own frames as failures, each place once. */
    static List<GHCheckRunBuilder.Annotation> annotations(RunResult result) {
        List<GHCheckRunBuilder.Annotation> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        result.localization().ifPresent(l -> {
            for (Location loc : l.locations()) {
                if (seen.add(loc.file() + ":" + loc.line())) {
                    out.add(new GHCheckRunBuilder.Annotation(loc.file(), loc.line(), GHCheckRun.AnnotationLevel.WARNING,
                            "Suspected fault: " + plain(loc.reason().isBlank() ? loc.content().strip() : loc.reason())));
                }
            }
        });
        for (TestResult t : result.failing()) {
            // Frames are in-repository ones, deepest first: the first is where it was thrown.
            if (!t.frames().isEmpty()) {
                StackFrame f = t.frames().get(0);
                if (seen.add(f.file() + ":" + f.line())) {
                    out.add(new GHCheckRunBuilder.Annotation(f.file(), f.line(), GHCheckRun.AnnotationLevel.FAILURE,
                            plain(t.id()) + " fails here: " + plain(t.message())));
                }
            }
        }
        return out;
    }

    /** An annotation's message is plain text: the run's words one line, visible, at most 300 characters. */
    private static String plain(String s) {
        return Markdown.visibleLine(s, 300);
    }
}

package dev.repofix.report;

import dev.repofix.config.Durations;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.validate.StoppedLines;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/** Small text helpers shared by the renderers. Pure static functions. */
final class Texts {
    private Texts() {}

    static String duration(Duration d) {
        return Durations.format(d);
    }

    /** One line, at most {@code max} characters (with "..." when cut). Plain text: see {@link Markdown} for Markdown. */
    static String oneLine(String s, int max) {
        return Markdown.cut(Markdown.oneLine(s), max);
    }

    /** "1200 tokens in, 340 out, ~$0.0064 at list price"; empty when no model answered. */
    static Optional<String> usage(RunResult r) {
        if (r.inputTokens() == 0 && r.outputTokens() == 0) {
            return Optional.empty();
        }
        return Optional.of(r.inputTokens() + " tokens in, " + r.outputTokens() + " out"
                + r.costUsd().map(c -> String.format(Locale.ROOT, ", ~$%.4f at list price", c)).orElse(""));
    }

    /** "file:line" of a candidate; a given patch (line 0) names its files only. */
    static String where(dev.repofix.stage.PatchCandidate c) {
        return c.line() > 0 ? c.file() + ":" + c.line() : c.file();
    }

    /**
     * The caveat of a VALID candidate that makes code unreachable ({@code what}: one or more
     * findings of {@code DeadBranches}), as one sentence with code in backticks; empty when none.
     */
    static java.util.Optional<String> caveat(String who, java.util.List<String> what) {
        if (what.isEmpty()) {
            return java.util.Optional.empty();
        }
        // The dynamic check's findings ("stops running line 7 ...") read apart from unreachable code.
        java.util.List<String> stops = what.stream().filter(w -> w.startsWith(StoppedLines.STOPS)).toList();
        java.util.List<String> dead = what.stream().filter(w -> !w.startsWith(StoppedLines.STOPS)).toList();
        StringBuilder sb = new StringBuilder();
        if (!dead.isEmpty()) {
            sb.append(who).append(" makes code unreachable: ").append(String.join("; ", dead))
                    .append(". The tests pass, but no input can run that code any more");
        }
        if (!stops.isEmpty()) {
            sb.append(dead.isEmpty() ? who + " " : ". It also ").append(String.join("; ", stops))
                    .append(": no test runs it with the fix applied. The tests pass, but may no longer check that code");
        }
        return java.util.Optional.of(sb.append(": review before applying.").toString());
    }

    /**
     * How an error is named to people: for a model's stage, by how its questions ended (no answer
     * in time, refused, not parsed, unusable), read from the stage's record in {@code r}.
     */
    static String errorLabel(RunResult r, RunError e) {
        Optional<AnswerOutcome> outcome = r.stages().stream().filter(s -> s.stage().equals(e.stage()))
                .flatMap(s -> s.model().stream()).map(ModelUsage::outcome).reduce((a, b) -> b);
        if (outcome.isPresent() && (e.kind() == RunError.Kind.MODEL || e.kind() == RunError.Kind.SERVICE)) {
            return switch (outcome.get()) {
                case NO_ANSWER -> "The model gave no answer in time";
                case REFUSED -> "The model's server refused the request";
                case NOT_PARSED -> "The model's answers did not parse";
                case UNUSABLE -> "The model's answers were not usable";
                case USABLE, NOT_ASKED -> errorLabel(e);
            };
        }
        return errorLabel(e);
    }

    /** How an error is named to people, by its kind alone. */
    static String errorLabel(RunError e) {
        return switch (e.kind()) {
            case INPUT -> "Cannot run on this input";
            case MODEL -> "The model could not answer usably";
            case SERVICE -> "The model's service could not be asked";
            case ENGINE -> "The builtin engine could not answer";
            case ENVIRONMENT -> "repofix's environment failed";
            case INTERNAL -> "Internal error";
            case CANCELLED -> "Cancelled";
        };
    }
}

package dev.repofix.report;

import dev.repofix.config.Durations;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/** Small text helpers shared by the renderers. Pure static functions. */
final class Texts {
    private Texts() {}

    static String duration(Duration d) {
        return Durations.format(d);
    }

    /** One line, at most {@code max} characters. */
    static String oneLine(String s, int max) {
        String line = s.strip().replaceAll("\\s*\r?\n\\s*", " ");
        return line.length() <= max ? line : line.substring(0, max - 3) + "...";
    }

    /** Escapes text for a Markdown table cell. */
    static String cell(String s) {
        return oneLine(s, 200).replace("|", "\\|").replace("`", "'");
    }

    /** A fenced block that cannot be closed early by backticks in {@code body}. */
    static String fence(String lang, String body) {
        String ticks = "```";
        while (body.contains(ticks)) {
            ticks += "`";
        }
        return ticks + lang + "\n" + body.stripTrailing() + "\n" + ticks + "\n";
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

    /** How an error is named to people. */
    static String errorLabel(RunError e) {
        return switch (e.kind()) {
            case INPUT -> "Cannot run on this input";
            case MODEL -> "The model could not answer usably";
            case SERVICE -> "The model's service could not be asked";
            case ENVIRONMENT -> "repofix's environment failed";
            case INTERNAL -> "Internal error";
            case CANCELLED -> "Cancelled";
        };
    }
}

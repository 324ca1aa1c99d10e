package dev.repofix.cli;

import dev.repofix.config.Durations;
import dev.repofix.pipeline.ProgressEvent;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.report.Markdown;
import java.io.PrintWriter;

/** Renders progress as plain lines on stderr, one per stage and per candidate. */
final class ConsoleProgress implements ProgressListener {
    private final PrintWriter err;
    private final boolean quiet;

    ConsoleProgress(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    @Override
    public void onEvent(ProgressEvent event) {
        if (quiet) {
            return;
        }
        String line = switch (event) {
            case ProgressEvent.StageStarted s -> "==> " + s.stage();
            case ProgressEvent.StageFinished f -> "    " + f.stage() + ": " + f.summary() + " ("
                    + Durations.format(f.elapsed()) + ")";
            case ProgressEvent.CandidateValidated c -> "[" + c.index() + "/" + c.total() + "] " + where(c.candidate())
                    + c.candidate().strategy() + " " + c.candidate().description()
                    + " ... " + c.validation().verdict() + " (" + Durations.format(c.validation().elapsed()) + ")";
            case ProgressEvent.FixProven p -> "==> fix proven: " + where(p.fix()) + p.fix().id() + " is VALID ("
                    + Durations.format(p.sinceStart()) + " into the run)";
        };
        // Stage summaries and candidates hold the repository's and a model's words: one line, nothing hidden.
        err.println(Markdown.visibleLine(line, Integer.MAX_VALUE));
        err.flush();
    }

    /** "file:line " where the candidate names them; a given patch names its files only. */
    static String where(dev.repofix.stage.PatchCandidate c) {
        if (c.file().isEmpty()) {
            return "";
        }
        return c.file() + (c.line() > 0 ? ":" + c.line() : "") + " ";
    }
}

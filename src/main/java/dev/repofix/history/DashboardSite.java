package dev.repofix.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The history dashboard: a static site of one page, {@code index.html}, that opens from a file or
 * any static host (GitHub Pages) with no server and no network. Its charts are SVG drawn here on
 * the JVM rather than by a JavaScript chart library: the page then needs no script at all (its
 * policy forbids scripts), nothing has to be vendored, pinned and kept up to date, and the figures
 * are tested as text.
 */
public final class DashboardSite {
    /** The page's file name inside the output folder. */
    public static final String INDEX = "index.html";

    private final Clock clock;

    /** @param clock gives the "generated at" time on the page; never null */
    public DashboardSite(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The page for these runs, in any order; an empty list gives a page that says there are no runs yet. */
    public String render(List<RunSummary> runs) {
        return DashboardPage.render(List.copyOf(runs), clock.instant());
    }

    /**
     * Writes the page to {@code outDir/index.html}, creating the folder; the old page is replaced
     * whole, never left half written.
     *
     * @return the page written
     * @throws DashboardException when the folder cannot be made or written
     */
    public Path write(List<RunSummary> runs, Path outDir) {
        return write(render(runs), outDir);
    }

    /**
     * The page for every run of {@code history}, with the leaderboards of its eval runs (the latest
     * of each model and setting among the newest {@value Leaderboards#RUNS_READ} eval runs).
     */
    public String render(HistoryStore history) {
        List<RunSummary> runs = history.runs(RunFilter.all());
        List<RunDetail> evals = runs.stream().filter(r -> r.kind() == RunSummary.RunKind.EVAL)
                .limit(Leaderboards.RUNS_READ).flatMap(r -> history.run(r.id()).stream()).toList();
        return DashboardPage.render(List.copyOf(runs), Leaderboards.latest(evals), clock.instant());
    }

    /** As {@link #write(List, Path)}, for every run of {@code history} and with its leaderboards. */
    public Path write(HistoryStore history, Path outDir) {
        return write(render(history), outDir);
    }

    private static Path write(String html, Path outDir) {
        Path index = outDir.resolve(INDEX);
        try {
            Files.createDirectories(outDir);
            Path partial = Files.createTempFile(outDir, ".index-", ".html.part");
            try {
                Files.writeString(partial, html, StandardCharsets.UTF_8);
                Files.move(partial, index, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(partial);
            }
            return index;
        } catch (IOException e) {
            throw new DashboardException("cannot write the dashboard to " + index + ": " + e
                    + "; give --out a folder that can be created and written", e);
        }
    }
}

package dev.repofix.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The history dashboard: a static site of one page, {@code index.html}, that opens from a file or
 * any static host (GitHub Pages) with no server and no network. Its charts are SVG drawn here on
 * the JVM rather than by a JavaScript chart library: the page then needs no script at all (its
 * policy forbids scripts), nothing has to be vendored, pinned and kept up to date, and the figures
 * are tested as text. Each listed run the store kept a record of gets that record as a file of
 * its own in {@value #RECORDS}, which its row links to.
 */
public final class DashboardSite {
    /** The page's file name inside the output folder. */
    public static final String INDEX = "index.html";
    /** The folder, inside the output folder, of the runs' saved records: {@code records/<run>.json}. */
    public static final String RECORDS = "records";

    /** What a static host serves: readable by all, written by the owner. */
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-r--r--");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwxr-xr-x");

    private final Clock clock;

    /** @param clock gives the "generated at" time on the page; never null */
    public DashboardSite(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The page for these runs, in any order; an empty list gives a page that says there are no runs yet. */
    public String render(List<RunSummary> runs) {
        return DashboardPage.render(List.copyOf(runs), clock.instant());
    }

    /** As {@link #write(List, Function, Path)} with no saved record: rows link the report paths the runs named. */
    public Path write(List<RunSummary> runs, Path outDir) {
        return write(runs, id -> Optional.empty(), outDir);
    }

    /**
     * The page for every run of {@code history}, with the leaderboards of its eval runs (the latest
     * of each model and setting among the newest {@value Leaderboards#RUNS_READ} eval runs).
     */
    public String render(HistoryStore history) {
        List<RunSummary> runs = history.runs(RunFilter.all());
        return DashboardPage.render(List.copyOf(runs), boards(history, runs), clock.instant());
    }

    /** As {@link #write(List, Function, Path)} for every run of {@code history}, with its leaderboards and saved records. */
    public Path write(HistoryStore history, Path outDir) {
        List<RunSummary> runs = history.runs(RunFilter.all());
        return write(runs, boards(history, runs), history::savedRecord, outDir);
    }

    private static Map<String, Leaderboard> boards(HistoryStore history, List<RunSummary> runs) {
        List<RunDetail> evals = runs.stream().filter(r -> r.kind() == RunSummary.RunKind.EVAL)
                .limit(Leaderboards.RUNS_READ).flatMap(r -> history.run(r.id()).stream()).toList();
        return Leaderboards.latest(evals);
    }

    /**
     * Writes the page to {@code outDir/index.html}, creating the folder, and each listed run's saved
     * record to {@code outDir/records/<run>.json}; the old page is replaced whole, never left half
     * written. Files are written readable by all (0644, folders made 0755) so a static host serves them.
     *
     * @param records a run's saved record by its id ({@link HistoryStore#savedRecord}); empty when none
     * @return the page written
     * @throws DashboardException when the folder cannot be made or written
     */
    public Path write(List<RunSummary> runs, Function<String, Optional<String>> records, Path outDir) {
        return write(runs, Map.of(), records, outDir);
    }

    private Path write(List<RunSummary> runs, Map<String, Leaderboard> boards,
            Function<String, Optional<String>> records, Path outDir) {
        Path index = outDir.resolve(INDEX);
        try {
            directory(outDir);
            Map<String, String> saved = new LinkedHashMap<>();
            for (RunSummary run : DashboardPage.newest(runs)) {
                Optional<String> record = records.apply(run.id());
                if (record.isPresent()) {
                    String name = RECORDS + "/" + fileName(run.id());
                    directory(outDir.resolve(RECORDS));
                    replace(outDir.resolve(name), record.get());
                    saved.put(run.id(), name);
                }
            }
            replace(index, DashboardPage.render(List.copyOf(runs), boards, clock.instant(), saved));
            return index;
        } catch (IOException e) {
            throw new DashboardException("cannot write the dashboard to " + index + ": " + e
                    + "; give --out a folder that can be created and written", e);
        }
    }

    /** {@code file} replaced whole by {@code text}, readable by all. */
    private static void replace(Path file, String text) throws IOException {
        Path partial = Files.createTempFile(file.getParent(), ".site-", ".part");
        try {
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            // A temporary file is made owner-only; the page is for everyone who can reach the host.
            permit(partial, FILE);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** Makes {@code dir} when missing, 0755; an existing folder keeps the mode its owner gave it. */
    private static void directory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            permit(dir, DIRECTORY);
        }
    }

    private static void permit(Path path, Set<PosixFilePermission> mode) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(path, mode);
        }
    }

    /**
     * A file name for a run id: the id itself where it is plain ({@code [A-Za-z0-9.-]}, not dotted
     * first), every other byte written {@code _xx} (hex, {@code _} too), so two ids never share a file
     * and none leads out of the folder.
     */
    static String fileName(String id) {
        StringBuilder name = new StringBuilder();
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean plain = c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '.' && !name.isEmpty());
            name.append(plain ? String.valueOf(c) : String.format(java.util.Locale.ROOT, "_%02x", b & 0xff));
        }
        return name + ".json";
    }
}

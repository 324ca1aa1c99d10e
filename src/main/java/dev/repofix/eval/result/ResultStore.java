package dev.repofix.eval.result;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The results of one benchmark run on disk: {@code OUT/cases/<key>.json}, one per finished
 * case, and {@code OUT/run.json}. Each file is written to a temporary name and moved into
 * place atomically, so that a run killed mid-write leaves either the whole result or none;
 * a temporary file left behind is ignored and deleted when the results are listed.
 */
public final class ResultStore {
    public static final String CASES = "cases";
    static final String MANIFEST = "run.json";
    private static final String TEMP = ".tmp";

    private final Path out;
    private final ResultJson json = new ResultJson();

    /** @param out the run's output folder; created on the first write */
    public ResultStore(Path out) {
        this.out = out;
    }

    public Path dir() {
        return out;
    }

    /** What a resumed run does with a case. */
    public enum Resume {
        /** No result yet: run it. */
        RUN,
        /** Its last result is an ERROR (the infrastructure failed, not the model): run it again. */
        RETRY,
        /** It has a SCORED, BROKEN or FLAKY result: keep that, do not run it. */
        KEEP
    }

    /**
     * Writes one result atomically, replacing an earlier one of the same key.
     *
     * @throws RepofixException (runtime) naming the file when it cannot be written
     */
    public Path write(CaseResult result) {
        return writeAtomically(casesDir().resolve(result.key() + ".json"), json.render(result));
    }

    public Path writeManifest(RunManifest manifest) {
        return writeAtomically(out.resolve(MANIFEST), json.render(manifest));
    }

    /** The manifest, when the folder has one. */
    public Optional<RunManifest> manifest() {
        Path file = out.resolve(MANIFEST);
        return Files.isRegularFile(file) ? Optional.of(json.readManifest(read(file), file.toString()))
                : Optional.empty();
    }

    /** What to do with the case of {@code key} ({@link CaseResult#key()}) when a run resumes. */
    public Resume resumable(String key) {
        Optional<CaseResult> r = result(key);
        if (r.isEmpty()) {
            return Resume.RUN;
        }
        return r.get().status().finished() ? Resume.KEEP : Resume.RETRY;
    }

    /** The result saved under {@code key}, when there is one. */
    public Optional<CaseResult> result(String key) {
        Path file = casesDir().resolve(key + ".json");
        return Files.isRegularFile(file) ? Optional.of(json.read(read(file), file.toString())) : Optional.empty();
    }

    /**
     * Every saved result, by key; temporary files of interrupted writes are deleted.
     *
     * @throws RepofixException (input) naming the first file that is no valid result
     */
    public List<CaseResult> results() {
        List<CaseResult> all = new ArrayList<>();
        for (Path file : files()) {
            all.add(json.read(read(file), file.toString()));
        }
        return all;
    }

    /** The result files, by name; temporary files of interrupted writes are deleted. */
    public List<Path> files() {
        Path dir = casesDir();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(TEMP)) {
                    Files.deleteIfExists(p);
                } else if (name.endsWith(".json") && !name.startsWith(".") && Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot list the results in " + dir + ": "
                    + e.getMessage(), e);
        }
        return files;
    }

    Path casesDir() {
        return out.resolve(CASES);
    }

    /** Writes {@code text} to a temporary file beside {@code target} and moves it into place atomically. */
    public static Path writeAtomically(Path target, String text) {
        Path temp = null;
        try {
            Files.createDirectories(target.getParent());
            temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", TEMP);
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + target.getParent() + " cannot move files atomically; "
                        + "write the results to a local disk", e);
            }
            return target;
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot write " + target + ": "
                    + e.getMessage(), e);
        }
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // the write already failed; the stray file is deleted on the next listing
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "no such file: " + file, e);
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot read " + file + ": "
                    + e.getMessage(), e);
        }
    }
}

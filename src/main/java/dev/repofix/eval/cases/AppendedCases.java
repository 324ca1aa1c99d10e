package dev.repofix.eval.cases;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A case file that grows one case at a time, each line written and flushed as it is added,
 * so that a killed run keeps every case it finished; opened again, it knows the ids it
 * holds, so a rerun can skip them. A last line cut off by a kill is dropped when opened.
 */
public final class AppendedCases implements Closeable {
    private final Path file;
    private final Set<String> ids;
    private final Writer out;

    private AppendedCases(Path file, Set<String> ids, Writer out) {
        this.file = file;
        this.ids = ids;
        this.out = out;
    }

    /**
     * Opens {@code file} for appending, creating it (and its folder) when missing.
     *
     * @throws CaseException when the cases already there have problems, or on I/O failure
     */
    public static AppendedCases open(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Set<String> ids = new LinkedHashSet<>();
            if (Files.exists(file)) {
                dropCutLine(file);
                new CaseFile().read(file).forEach(c -> ids.add(c.id()));
            }
            Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            return new AppendedCases(file, ids, out);
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.RUNTIME, "cannot open " + file + " to add cases: " + e, e);
        }
    }

    /** The ids of the cases the file held when opened, and of those added since. */
    public Set<String> ids() {
        return Set.copyOf(ids);
    }

    public boolean has(String id) {
        return ids.contains(id);
    }

    /** Adds {@code kase} as one line, on disk when this returns. */
    public void add(EvalCase kase) {
        if (!ids.add(kase.id())) {
            throw new IllegalArgumentException("case " + kase.id() + " is already in " + file);
        }
        CaseFile.write(List.of(kase), out);
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.RUNTIME, "cannot close " + file + ": " + e, e);
        }
    }

    /** A kill in the middle of a line leaves it without its newline: cut it off, the case was not finished. */
    private static void dropCutLine(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        if (end < bytes.length) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(end);
            }
        }
    }
}

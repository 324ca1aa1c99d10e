package dev.repofix.context;

import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.Language;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads repository files as lines, once each, through the workspace's confined reader
 * (never through a link that leads out): UTF-8 text only, size-capped. Binary,
 * malformed, huge or unreadable files read as empty, so one odd file never fails a run.
 */
final class SourceFiles {
    private static final Logger LOG = LoggerFactory.getLogger(SourceFiles.class);

    /** Larger files are generated or data; they would crowd out code in any budget. */
    static final long MAX_BYTES = 256 * 1024;

    private final FileIndex files;
    private final Map<String, Optional<List<String>>> cache = new HashMap<>();

    SourceFiles(FileIndex files) {
        this.files = files;
    }

    /** Whether {@code path} has an extension of a programming language we index (a {@link Language}). */
    static boolean isCode(String path) {
        return Language.ofPath(path).isPresent();
    }

    /** The lines of {@code path} (relative to the root), or empty when it is not readable text. */
    Optional<List<String>> lines(String path) {
        return cache.computeIfAbsent(path, this::read);
    }

    private Optional<List<String>> read(String path) {
        byte[] bytes;
        switch (files.read(path, MAX_BYTES)) {
            case FileRead.Content c -> bytes = c.bytes();
            case FileRead.Refused r -> {
                LOG.debug("context skips {}", r.describe());
                return Optional.empty();
            }
        }
        try {
            if (looksBinary(bytes)) {
                LOG.debug("context skips binary file {}", path);
                return Optional.empty();
            }
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            return Optional.of(List.of(text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1)))
                    .map(SourceFiles::dropFinalEmpty);
        } catch (CharacterCodingException e) {
            LOG.debug("context skips {}: not UTF-8", path);
            return Optional.empty();
        }
    }

    private static boolean looksBinary(byte[] bytes) {
        int n = Math.min(bytes.length, 8192);
        for (int i = 0; i < n; i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** A file ending in a newline splits into a last empty string that is no line. */
    private static List<String> dropFinalEmpty(List<String> lines) {
        if (lines.size() > 1 && lines.get(lines.size() - 1).isEmpty()) {
            return lines.subList(0, lines.size() - 1);
        }
        return lines;
    }
}

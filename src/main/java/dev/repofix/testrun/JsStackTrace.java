package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JavaScript/TypeScript dialect (V8's stack format): {@code at fn (path/file.js:12:5)},
 * {@code at path/file.js:12:5}, {@code file:///abs/path.mjs:12:5}, and the same without
 * {@code at} as node's TAP reporter prints a stack. A frame in a compiled file with a
 * {@code .map} file beside it ({@code dist/calc.js.map}) is mapped to the original source
 * when that is a file of the repository. Unlike the other dialects this one reads files:
 * the source maps, and only those that are files of the index. Frames deepest first, as V8
 * prints them.
 */
final class JsStackTrace implements FrameDialect {
    private static final Pattern FRAME = Pattern.compile(
            "^\\s*(?:at\\s+)?(?:async\\s+)?(?:(.+?)\\s+\\()?(?:file://)?([^\\s()]+?\\.(?:[cm]?[jt]sx?)):(\\d{1,9}):(\\d{1,9})\\)?\\s*$");
    private static final long MAX_MAP_BYTES = 16L * 1024 * 1024;

    @Override
    public List<StackFrame> framesDeepestFirst(String trace, FileIndex files) {
        Map<String, Optional<SourceMap>> maps = new HashMap<>();
        List<StackFrame> out = new ArrayList<>();
        for (String line : trace.lines().toList()) {
            Matcher m = FRAME.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String function = m.group(1) == null ? "" : m.group(1).strip();
            int lineNo = Integer.parseInt(m.group(3));
            int column = Integer.parseInt(m.group(4));
            files.relativize(m.group(2)).ifPresent(file -> {
                if (lineNo >= 1) {
                    out.add(mapped(file, lineNo, column, function, files, maps));
                }
            });
        }
        return out;
    }

    private static StackFrame mapped(String file, int line, int column, String function, FileIndex files,
            Map<String, Optional<SourceMap>> maps) {
        String mapFile = file + ".map";
        if (!files.contains(mapFile)) {
            return new StackFrame(file, line, function);
        }
        Optional<SourceMap.Original> original = maps.computeIfAbsent(mapFile, f -> read(files, f))
                .flatMap(map -> map.original(line, column));
        if (original.isPresent()) {
            String dir = mapFile.contains("/") ? mapFile.substring(0, mapFile.lastIndexOf('/') + 1) : "";
            String source = Path.of(dir + original.get().source()).normalize().toString().replace('\\', '/');
            if (files.contains(source) && original.get().line() >= 1) {
                return new StackFrame(source, original.get().line(), function);
            }
        }
        return new StackFrame(file, line, function);
    }

    /** The map, read through the confined reader: a map that is a link out of the copy is never read. */
    private static Optional<SourceMap> read(FileIndex files, String map) {
        if (!(files.read(map, MAX_MAP_BYTES) instanceof FileRead.Content c)) {
            return Optional.empty(); // a map that is not read leaves the compiled frame
        }
        try {
            return c.utf8().flatMap(SourceMap::parse);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}

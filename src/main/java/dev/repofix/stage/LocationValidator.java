package dev.repofix.stage;

import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Checks suggested locations against the workspace: the file must be one of ours (after
 * undoing {@code ./}, {@code a/}, {@code b/} and absolute paths under the root), the line
 * must be in it and hold the suggested content; a line that does not is moved to the
 * nearest one that does, or dropped. A line of a test file is dropped: suspects are source
 * lines. Kept lines are scored 1/(rank+1), their rank said as a score. Reads files through the
 * workspace's confined reader.
 */
final class LocationValidator {
    /** A file a model names is read whole to find its line: larger ones are generated or data. */
    private static final long MAX_BYTES = 8L * 1024 * 1024;

    /** The reason a test file's line is dropped with; {@link LlmStages#notes} counts them by it. */
    static final String TEST_FILE = "a test file: suspects are lines of source files";

    private final FileIndex files;
    private final Predicate<String> testFile;
    private final Map<String, Optional<List<String>>> lines = new HashMap<>();

    /** Keeps lines of any file. */
    LocationValidator(FileIndex files) {
        this(files, path -> false);
    }

    /** @param testFile whether a repository-relative path is test code (the build's path rules) */
    LocationValidator(FileIndex files, Predicate<String> testFile) {
        this.files = files;
        this.testFile = testFile;
    }

    /** One check per suggestion, in order. */
    List<LocationCheck> validate(List<SuggestedLocation> suggestions) {
        List<LocationCheck> checks = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (SuggestedLocation s : suggestions) {
            LocationCheck check = check(s, seen.size());
            if (check instanceof LocationCheck.Dropped) {
                checks.add(check);
                continue;
            }
            Location at = located(check);
            if (seen.add(at.toString())) {
                checks.add(check);
            } else {
                checks.add(new LocationCheck.Dropped(s.file(), s.line(), "repeats " + at));
            }
        }
        return checks;
    }

    /** The locations kept or moved, in order. */
    static Localization localization(List<LocationCheck> checks) {
        return new Localization(checks.stream().filter(c -> !(c instanceof LocationCheck.Dropped))
                .map(LocationValidator::located).toList());
    }

    private static Location located(LocationCheck check) {
        return switch (check) {
            case LocationCheck.Kept k -> k.location();
            case LocationCheck.Moved m -> m.location();
            case LocationCheck.Dropped d -> throw new IllegalArgumentException("dropped: " + d);
        };
    }

    private LocationCheck check(SuggestedLocation s, int rank) {
        Optional<String> path = resolve(s.file());
        if (path.isEmpty()) {
            return new LocationCheck.Dropped(s.file(), s.line(), "no such file in the workspace");
        }
        if (testFile.test(path.get())) {
            return new LocationCheck.Dropped(path.get(), s.line(), TEST_FILE);
        }
        Optional<List<String>> text = read(path.get());
        if (text.isEmpty()) {
            return new LocationCheck.Dropped(s.file(), s.line(), "file is not readable text");
        }
        List<String> content = text.get();
        String wanted = s.content().strip();
        boolean inFile = s.line() >= 1 && s.line() <= content.size();
        double score = 1.0 / (rank + 1);
        if (inFile && (wanted.isEmpty() || content.get(s.line() - 1).strip().equals(wanted))) {
            return new LocationCheck.Kept(location(path.get(), s.line(), content, score, s));
        }
        if (wanted.isEmpty()) {
            return new LocationCheck.Dropped(s.file(), s.line(), "line " + s.line() + " is not in the file ("
                    + content.size() + " lines)");
        }
        int nearest = nearest(content, wanted, s.line());
        if (nearest < 1) {
            return new LocationCheck.Dropped(s.file(), s.line(), "the content is on no line of the file");
        }
        return new LocationCheck.Moved(location(path.get(), nearest, content, score, s), s.line());
    }

    private static Location location(String path, int line, List<String> content, double score, SuggestedLocation s) {
        return new Location(path, line, content.get(line - 1), score, s.reason());
    }

    /** The 1-based line holding {@code wanted} nearest to {@code line} (earlier on a tie), or 0. */
    private static int nearest(List<String> content, String wanted, int line) {
        int best = 0;
        for (int i = 1; i <= content.size(); i++) {
            if (content.get(i - 1).strip().equals(wanted)
                    && (best == 0 || Math.abs(i - line) < Math.abs(best - line))) {
                best = i;
            }
        }
        return best;
    }

    /** The index path a model's path names, if any. */
    Optional<String> resolve(String written) {
        String p = written.strip().replace('\\', '/');
        if (p.startsWith("`") && p.endsWith("`") && p.length() > 1) {
            p = p.substring(1, p.length() - 1);
        }
        if (p.startsWith("/")) {
            Optional<String> underRoot = files.relativize(p);
            // "/src/Foo.java" is as often meant relative to the repository as to the disk.
            return underRoot.isPresent() ? underRoot : resolve(p.replaceFirst("^/+", ""));
        }
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (files.contains(p)) {
            return Optional.of(p);
        }
        if (p.startsWith("a/") || p.startsWith("b/")) {
            String stripped = p.substring(2);
            return files.contains(stripped) ? Optional.of(stripped) : Optional.empty();
        }
        return Optional.empty();
    }

    private Optional<List<String>> read(String path) {
        return lines.computeIfAbsent(path, this::load);
    }

    private Optional<List<String>> load(String path) {
        return switch (files.read(path, MAX_BYTES)) {
            case FileRead.Content c -> Optional.of(c.text().lines().toList());
            case FileRead.Refused r -> Optional.empty();
        };
    }
}

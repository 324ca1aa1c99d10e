package dev.repofix.eval.inject;

import dev.repofix.build.BuildSystem;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.workspace.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The functions of a repository's source files (test code left out) that a model may be
 * asked to put a bug in: Python {@code def}s by indentation, Java methods by braces. Lines
 * are read, not parsed: a function is found when its header is on one line.
 */
final class SourceFunctions {
    /** Longer functions make long prompts and bugs far from any test; shorter ones leave no room. */
    static final int MIN_LINES = 2;
    static final int MAX_LINES = 60;
    private static final Pattern PY_DEF = Pattern.compile("^(\\s*)(?:async\\s+)?def\\s+(\\w+)\\s*\\(.*:\\s*(#.*)?$");
    private static final Pattern JAVA_METHOD = Pattern.compile(
            "^\\s*(?:(?:public|protected|private|static|final|synchronized|abstract|default)\\s+)*"
                    + "(?:<[^>]+>\\s+)?[\\w<>\\[\\],.? ]+\\s+(\\w+)\\s*\\([^;]*\\)\\s*(?:throws\\s+[\\w.,\\s]+)?\\{\\s*$");

    /** One function: its file, name, and its lines (1-based, header included). */
    record Function(String file, String name, int first, int last, List<String> lines) {
        Function {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(name, "name");
            lines = List.copyOf(lines);
        }

        /** Line {@code n} of the file (within the function). */
        String line(int n) {
            return lines.get(n - first);
        }
    }

    private SourceFunctions() {}

    static List<Function> of(Workspace ws, BuildSystem build) {
        List<Function> out = new ArrayList<>();
        for (String path : ws.files().files()) {
            if (build.isTestPath(path)) {
                continue;
            }
            var language = SourceLanguage.forPath(path);
            if (language.isEmpty()) {
                continue;
            }
            Optional<String> text = BugInjector.read(ws.files().reader(), path);
            if (text.isEmpty()) {
                continue;
            }
            List<String> lines = text.get().lines().toList();
            out.addAll(language.get() == SourceLanguage.PYTHON ? python(path, lines)
                    : path.endsWith(".java") ? java(path, lines) : List.of());
        }
        return out;
    }

    static List<Function> python(String path, List<String> lines) {
        List<Function> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = PY_DEF.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            int indent = m.group(1).length();
            int last = i;
            for (int j = i + 1; j < lines.size(); j++) {
                String l = lines.get(j);
                if (l.isBlank()) {
                    continue;
                }
                if (l.length() - l.stripLeading().length() <= indent) {
                    break;
                }
                last = j;
            }
            add(out, path, m.group(2), i, last, lines);
        }
        return out;
    }

    static List<Function> java(String path, List<String> lines) {
        List<Function> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = JAVA_METHOD.matcher(lines.get(i));
            String head = lines.get(i).strip();
            if (!m.matches() || head.startsWith("if") || head.startsWith("for") || head.startsWith("while")
                    || head.startsWith("switch") || head.startsWith("catch") || head.contains(" new ")) {
                continue;
            }
            int depth = 0;
            for (int j = i; j < lines.size(); j++) {
                for (char c : lines.get(j).toCharArray()) {
                    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                }
                if (depth <= 0) {
                    add(out, path, m.group(1), i, j, lines);
                    break;
                }
            }
        }
        return out;
    }

    private static void add(List<Function> out, String path, String name, int first, int last, List<String> lines) {
        int size = last - first + 1;
        if (size >= MIN_LINES && size <= MAX_LINES) {
            out.add(new Function(path, name, first + 1, last + 1, lines.subList(first, last + 1)));
        }
    }
}

package dev.repofix.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileRead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of one project folder that say what its environment needs, read through the
 * {@link ConfinedReader} (they are the repository's, untrusted): names and contents only, no
 * code of theirs runs here.
 */
final class ProjectFiles {
    /** Larger files are not read: no build file of this kind is that big. */
    private static final long MAX_BYTES = 4L << 20;
    private static final Pattern REQUIREMENTS = Pattern.compile(
            "requirements([-_.](test|tests|testing|dev))?\\.txt|(test|tests|testing|dev)[-_]requirements\\.txt");
    private static final Pattern SETUP_PY_EXTRAS = Pattern.compile("['\"]([A-Za-z0-9_.-]+)['\"]\\s*:");
    private static final Pattern SETUP_PY_PYTHON = Pattern.compile("python_requires\\s*=\\s*['\"]([^'\"]+)['\"]");

    private final Path folder;
    private final ConfinedReader reader;

    ProjectFiles(Path folder) {
        this.folder = folder;
        this.reader = new ConfinedReader(folder);
    }

    boolean exists(String name) {
        return Files.isRegularFile(folder.resolve(name)) && !Files.isSymbolicLink(folder.resolve(name));
    }

    /** The file's text, empty when it is missing, a link out or too large. */
    Optional<String> text(String name) {
        return exists(name) && reader.read(name, MAX_BYTES) instanceof FileRead.Content c ? Optional.of(c.text())
                : Optional.empty();
    }

    /** Its bytes for the cache key; empty when it cannot be read. */
    Optional<byte[]> bytes(String name) {
        return exists(name) && reader.read(name, MAX_BYTES) instanceof FileRead.Content c ? Optional.of(c.bytes())
                : Optional.empty();
    }

    /** {@code pyproject.toml}, parsed; empty when missing or not TOML. */
    Optional<JsonNode> pyproject() {
        return text("pyproject.toml").flatMap(t -> {
            try {
                return Optional.of(new TomlMapper().readTree(t));
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }

    /** {@code requires-python} of pyproject.toml, else {@code python_requires} of setup.cfg or setup.py. */
    Optional<String> requiresPython() {
        Optional<String> fromPyproject = pyproject().map(p -> p.path("project").path("requires-python"))
                .filter(JsonNode::isTextual).map(JsonNode::asText);
        return fromPyproject.or(() -> text("setup.cfg").flatMap(t -> iniValue(t, "options", "python_requires")))
                .or(() -> text("setup.py").flatMap(t -> first(SETUP_PY_PYTHON.matcher(t))));
    }

    /** The names of the optional dependency groups (extras) the project declares. */
    Set<String> extras() {
        Set<String> names = new LinkedHashSet<>();
        pyproject().map(p -> p.path("project").path("optional-dependencies")).filter(JsonNode::isObject)
                .ifPresent(o -> o.fieldNames().forEachRemaining(names::add));
        text("setup.cfg").ifPresent(t -> names.addAll(iniKeys(t, "options.extras_require")));
        text("setup.py").ifPresent(t -> {
            int at = t.indexOf("extras_require");
            if (at >= 0) {
                int open = t.indexOf('{', at);
                int close = open < 0 ? -1 : t.indexOf('}', open);
                if (open >= 0 && close > open) {
                    Matcher m = SETUP_PY_EXTRAS.matcher(t.substring(open, close));
                    while (m.find()) {
                        names.add(m.group(1));
                    }
                }
            }
        });
        return names;
    }

    /** The dependency groups of pyproject.toml ({@code [dependency-groups]}, PEP 735). */
    Set<String> dependencyGroups() {
        Set<String> names = new LinkedHashSet<>();
        pyproject().map(p -> p.path("dependency-groups")).filter(JsonNode::isObject)
                .ifPresent(o -> o.fieldNames().forEachRemaining(names::add));
        return names;
    }

    /** Whether pip can install the folder as a project: it has a build configuration of its own. */
    boolean installable() {
        return exists("setup.py") || exists("setup.cfg")
                || pyproject().map(p -> p.has("project") || p.has("build-system")).orElse(false);
    }

    /** The test and dev requirements files of the folder ({@code requirements.txt}, {@code requirements-dev.txt}, ...), sorted. */
    List<String> requirementsFiles() {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).filter(n -> REQUIREMENTS.matcher(n).matches())
                    .filter(this::exists).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether the code lives in {@code src/} (a src layout): then that folder is what imports see. */
    boolean srcLayout() {
        Path src = folder.resolve("src");
        if (!Files.isDirectory(src) || Files.isSymbolicLink(src)) {
            return false;
        }
        try (Stream<Path> list = Files.list(src)) {
            return list.anyMatch(p -> p.getFileName().toString().endsWith(".py")
                    || Files.isRegularFile(p.resolve("__init__.py")));
        } catch (IOException e) {
            return false;
        }
    }

    /** The {@code pom.xml} files of the folder and its sub-folders (a multi-module build), relative, sorted. */
    List<String> pomFiles() {
        try (Stream<Path> walk = Files.walk(folder, 6)) {
            return walk.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .map(p -> folder.relativize(p).toString()).filter(this::exists).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The simple name of the first test class under a {@code src/test/java} of the folder, by path. */
    Optional<String> firstTestClass() {
        try (Stream<Path> walk = Files.walk(folder, 12)) {
            return walk.filter(p -> p.toString().contains("/src/test/java/"))
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("(Test\\w*|\\w*(Test|Tests|TestCase))\\.java"))
                    .sorted().findFirst().map(n -> n.substring(0, n.length() - ".java".length()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> first(Matcher m) {
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The value of {@code key} in {@code [section]} of an INI text (setup.cfg). */
    private static Optional<String> iniValue(String text, String section, String key) {
        String current = "";
        for (String line : text.lines().toList()) {
            String l = line.strip();
            if (l.startsWith("[") && l.endsWith("]")) {
                current = l.substring(1, l.length() - 1).strip();
            } else if (current.equals(section) && l.matches(Pattern.quote(key) + "\\s*=.*")) {
                return Optional.of(l.substring(l.indexOf('=') + 1).strip()).filter(v -> !v.isEmpty());
            }
        }
        return Optional.empty();
    }

    /** The keys of {@code [section]} of an INI text (not its continuation lines). */
    private static List<String> iniKeys(String text, String section) {
        List<String> keys = new ArrayList<>();
        String current = "";
        for (String line : text.lines().toList()) {
            String l = line.strip();
            if (l.startsWith("[") && l.endsWith("]")) {
                current = l.substring(1, l.length() - 1).strip();
            } else if (current.equals(section) && !line.startsWith(" ") && !line.startsWith("\t") && l.contains("=")) {
                keys.add(l.substring(0, l.indexOf('=')).strip());
            }
        }
        return keys;
    }
}

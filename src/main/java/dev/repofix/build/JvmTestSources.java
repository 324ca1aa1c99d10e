package dev.repofix.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.ArrayList;

/**
 * The JVM test sources of a repository, read once: which file declares a test class,
 * whether its simple name is unique, and which Maven module holds it.
 */
final class JvmTestSources {
    /** A source file's name without folder and extension. */
    private static final Pattern SOURCE = Pattern.compile("(?:.*/)?([^/]+)\\.(?:java|kt|groovy|scala)");

    private final Path root;
    /** Simple name (the file name) to the relative paths, without extension, of the files so named. */
    private final Map<String, List<String>> bySimpleName;

    private JvmTestSources(Path root, Map<String, List<String>> bySimpleName) {
        this.root = root;
        this.bySimpleName = bySimpleName;
    }

    /** The test sources under {@code root}: files of a JVM language on a test path of {@code rules}. */
    static JvmTestSources scan(Path root, TestPathRules rules) {
        Map<String, List<String>> bySimpleName = new LinkedHashMap<>();
        for (Path file : ReportFiles.find(root, rel -> rules.isTestPath(rel) && SOURCE.matcher(rel).matches())) {
            String rel = root.relativize(file).toString().replace('\\', '/');
            Matcher m = SOURCE.matcher(rel);
            if (m.matches()) {
                bySimpleName.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(rel.substring(0, rel.lastIndexOf('.')));
            }
        }
        return new JvmTestSources(root, bySimpleName);
    }

    /**
     * The one test source (relative path, no extension) declaring {@code className}, a
     * binary name such as {@code com.acme.OuterTest$Inner} (a nested class is in its
     * outer class's file); empty when none or several match.
     */
    Optional<String> fileOf(String className) {
        String outer = outerClass(className);
        String path = outer.replace('.', '/');
        List<String> declaring = bySimpleName.getOrDefault(simpleName(outer), List.of()).stream()
                .filter(rel -> rel.equals(path) || rel.endsWith("/" + path)).toList();
        return declaring.size() == 1 ? Optional.of(declaring.get(0)) : Optional.empty();
    }

    /** Whether {@code className}'s source is known and no other test source shares its simple name. */
    boolean hasUniqueSimpleName(String className) {
        return fileOf(className).isPresent()
                && bySimpleName.getOrDefault(simpleName(outerClass(className)), List.of()).size() == 1;
    }

    /** The folder of the nearest {@code pom.xml} above a source file, relative to the root ("" for the root). */
    String mavenModuleOf(String relativeFile) {
        Path dir = root.resolve(relativeFile).getParent();
        while (dir != null && dir.startsWith(root) && !dir.equals(root)) {
            if (Files.isRegularFile(dir.resolve("pom.xml"))) {
                return root.relativize(dir).toString().replace('\\', '/');
            }
            dir = dir.getParent();
        }
        return "";
    }

    /** The class name without its package: {@code com.acme.OuterTest$Inner} gives {@code OuterTest$Inner}. */
    static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static String outerClass(String className) {
        int dollar = className.indexOf('$', className.lastIndexOf('.') + 1);
        return dollar < 0 ? className : className.substring(0, dollar);
    }
}

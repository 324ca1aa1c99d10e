package dev.repofix.testrun;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The names a repository's files define, to tell them from what comes from outside: Python
 * modules and packages (a {@code x.py}, a folder {@code x/} holding Python files, with or
 * without {@code __init__.py}, at the root, under {@code src/} or deeper), Java classes
 * and their packages, Node packages of a workspace, Go package folders. Generous on
 * purpose: a name the repository might define is the repository's, so a failure is
 * called the environment's only when nothing in the repository could be it.
 */
final class RepositoryNames {
    private static final List<String> JVM_SOURCES = List.of(".java", ".kt", ".groovy", ".scala");
    private final Set<String> python = new HashSet<>();
    private final Set<String> jvmFolders = new HashSet<>();
    private final Set<String> jvmClasses = new HashSet<>();
    private final Set<String> nodePackages = new HashSet<>();
    private final Set<String> goFolders = new HashSet<>();

    RepositoryNames(List<String> files) {
        for (String f : files) {
            String[] parts = f.split("/");
            String name = parts[parts.length - 1];
            if (name.endsWith(".py") || name.endsWith(".pyi")) {
                python.add(name.substring(0, name.lastIndexOf('.')));
                for (int i = 0; i < parts.length - 1; i++) {
                    python.add(parts[i]);
                }
            }
            String folder = f.contains("/") ? f.substring(0, f.lastIndexOf('/')) : "";
            if (JVM_SOURCES.stream().anyMatch(name::endsWith)) {
                jvmClasses.add(f.substring(0, f.lastIndexOf('.')));
                jvmFolders.add(folder);
            }
            if (name.equals("package.json") && parts.length > 1) {
                nodePackages.add(parts[parts.length - 2]);
            }
            if (name.endsWith(".go")) {
                goFolders.add(folder);
            }
        }
    }

    /** Whether the top-level name of the dotted {@code module} is a module or package of the repository. */
    boolean pythonModule(String module) {
        return python.contains(module.split("\\.")[0]);
    }

    /**
     * Whether {@code className} (dotted, maybe with {@code $Nested}) is a source of the
     * repository, or lies in one of its source packages (a class generated at build time).
     */
    boolean javaClass(String className) {
        String path = className.replaceFirst("\\$.*$", "").replace('.', '/');
        String pkg = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
        for (String c : jvmClasses) {
            if (c.equals(path) || c.endsWith("/" + path)) {
                return true;
            }
        }
        if (pkg.isEmpty()) {
            return false;
        }
        return jvmFolders.stream().anyMatch(f -> f.equals(pkg) || f.endsWith("/" + pkg));
    }

    /** Whether a folder of the repository holds a package named {@code name}'s last segment (a workspace package). */
    boolean nodePackage(String name) {
        return nodePackages.contains(name.substring(name.lastIndexOf('/') + 1));
    }

    /** Whether some tail of the Go import path {@code pkg} is a folder of the repository holding Go files. */
    boolean goPackage(String pkg) {
        String[] parts = pkg.split("/");
        for (int i = 1; i < parts.length; i++) {
            if (goFolders.contains(String.join("/", List.of(parts).subList(i, parts.length)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The package a Node specifier names ({@code lodash/fp} is {@code lodash}, {@code @scope/x/y}
     * is {@code @scope/x}); empty for a relative or absolute path or a builtin ({@code node:fs}),
     * which are no packages to install.
     */
    static Optional<String> packageOf(String specifier) {
        if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")
                || specifier.startsWith("file:") || specifier.matches("^[A-Za-z]:\\\\.*")) {
            return Optional.empty();
        }
        String[] parts = specifier.split("/");
        if (specifier.startsWith("@")) {
            return parts.length < 2 ? Optional.empty() : Optional.of(parts[0] + "/" + parts[1]);
        }
        return Optional.of(parts[0]);
    }
}

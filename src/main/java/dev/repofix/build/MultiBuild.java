package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Several projects in one repository (a Java backend in {@code backend/}, a Python tool
 * in {@code tools/}, or two builds at the root), each tested by its own build in its own
 * folder, one after the other in one command. Test ids of a project in a folder are
 * prefixed with that folder and a slash ({@code backend/com.acme.AccountTest#withdraws},
 * {@code tools/tests/test_x.py::test_y}) so that they stay unique and say where to run
 * them; ids of a project at the root are as its build writes them.
 */
public final class MultiBuild implements BuildSystem {
    /**
     * One project.
     *
     * @param folder relative to the repository root, {@code /}-separated; "" for the root itself
     * @param build  the build that runs its tests there
     */
    public record Part(String folder, BuildSystem build) {
        public Part {
            Objects.requireNonNull(folder, "folder");
            Objects.requireNonNull(build, "build");
        }

        Path dir(Path root) {
            return folder.isEmpty() ? root : root.resolve(folder);
        }

        /** Whether {@code relativePath} (repository-relative) lies in this project's folder. */
        boolean holds(String relativePath) {
            return folder.isEmpty() || relativePath.startsWith(folder + "/");
        }

        String inFolder(String relativePath) {
            return folder.isEmpty() ? relativePath : relativePath.substring(folder.length() + 1);
        }
    }

    private final List<Part> parts;

    public MultiBuild(List<Part> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a MultiBuild needs at least one project");
        }
        // Deepest folder first, so that a report or path is claimed by the project nearest to it.
        this.parts = parts.stream().sorted(Comparator.comparingInt((Part p) -> -p.folder().length())).toList();
    }

    public List<Part> parts() {
        return parts;
    }

    @Override
    public String name() {
        return String.join("+", parts.stream().map(p -> p.build().name()).distinct().toList());
    }

    /**
     * Each project's command in its folder, in a sub-shell, all run even when one fails;
     * the command fails when any did. Variables two projects need with different values
     * are set inside each one's sub-shell.
     */
    @Override
    public TestCommand testCommand(Path root, String override) {
        Map<Part, TestCommand> commands = new LinkedHashMap<>();
        parts.forEach(p -> commands.put(p, p.build().testCommand(p.dir(root), null)));
        if (override != null) {
            return new TestCommand(override, sharedEnv(commands.values()));
        }
        return combined(commands);
    }

    /** The selected tests of each project that has some; empty when a project cannot select tests. */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        Map<Part, TestCommand> commands = new LinkedHashMap<>();
        for (Map.Entry<Part, List<String>> e : byPart(testIds).entrySet()) {
            Optional<TestCommand> selected = e.getKey().build().selectedTestCommand(e.getKey().dir(root), null, e.getValue());
            if (selected.isEmpty()) {
                return Optional.empty();
            }
            commands.put(e.getKey(), selected.get());
        }
        return Optional.of(combined(commands));
    }

    /**
     * The files of each project that holds some, run by its build in its folder; the others
     * do not run. Empty (the whole suite) when a file is in no project or a project cannot
     * name its files.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        Map<Part, List<String>> byPart = new LinkedHashMap<>();
        for (String file : testFiles) {
            Optional<Part> part = parts.stream().filter(p -> p.holds(file)).findFirst();
            if (part.isEmpty()) {
                return Optional.empty();
            }
            byPart.computeIfAbsent(part.get(), k -> new ArrayList<>()).add(part.get().inFolder(file));
        }
        Map<Part, TestCommand> commands = new LinkedHashMap<>();
        for (Part p : parts) {
            if (byPart.containsKey(p)) {
                Optional<TestCommand> own = p.build().testFilesCommand(p.dir(root), byPart.get(p));
                if (own.isEmpty()) {
                    return Optional.empty();
                }
                commands.put(p, own.get());
            }
        }
        return Optional.of(combined(commands));
    }

    /** {@code (cd backend && mvn test -Dtest=AccountTest#withdraws); (cd tools && python3 -m pytest ...)}. */
    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        Map<Part, List<String>> byPart = byPart(failingTestIds);
        List<String> commands = new ArrayList<>();
        for (Part p : byPart.isEmpty() ? parts : List.copyOf(byPart.keySet())) {
            String command = p.build().reproduceCommand(p.dir(root), null, byPart.getOrDefault(p, List.of()));
            commands.add(p.folder().isEmpty() ? command : "(cd " + ShellWords.quote(p.folder()) + " && " + command + ")");
        }
        return String.join("; ", commands);
    }

    @Override
    public List<Path> reports(Path root) {
        return collect(p -> p.build().reports(p.dir(root)));
    }

    @Override
    public List<Path> reports(Path root, TestCommand command) {
        return collect(p -> p.build().reports(p.dir(root), p.build().testCommand(p.dir(root), null)));
    }

    @Override
    public ReportFormat reportFormat(Path report) {
        String path = "/" + report.toString().replace('\\', '/');
        return parts.stream().filter(p -> p.folder().isEmpty() || path.contains("/" + p.folder() + "/")).findFirst()
                .map(p -> p.build().reportFormat(report)).orElse(ReportFormat.JUNIT_XML);
    }

    /** The folder ("" for the root) of the project whose report {@code report} (under {@code root}) is. */
    public String folderOf(Path root, Path report) {
        Path rel = root.toAbsolutePath().normalize().relativize(report.toAbsolutePath().normalize());
        String path = rel.toString().replace('\\', '/');
        return parts.stream().filter(p -> p.holds(path)).findFirst().map(Part::folder).orElse("");
    }

    /** A test id of the project in {@code folder} as the whole repository names it. */
    public static String prefixed(String folder, String testId) {
        return folder.isEmpty() ? testId : folder + "/" + testId;
    }

    @Override
    public Set<String> environmentNames() {
        Set<String> names = new LinkedHashSet<>();
        parts.forEach(p -> names.addAll(p.build().environmentNames()));
        return names;
    }

    /** A path is a test when the project holding it says so. */
    @Override
    public boolean isTestPath(String relativePath) {
        String path = relativePath.replace('\\', '/');
        return parts.stream().filter(p -> p.holds(path)).anyMatch(p -> p.build().isTestPath(p.inFolder(path)));
    }

    /** The projects' image when they share one; else empty, and the configured image must hold every toolchain. */
    @Override
    public Optional<SandboxImage> sandboxImage() {
        Set<Optional<SandboxImage>> images = new LinkedHashSet<>();
        parts.forEach(p -> images.add(p.build().sandboxImage()));
        return images.size() == 1 ? images.iterator().next() : Optional.empty();
    }

    private List<Path> collect(Function<Part, List<Path>> reportsOf) {
        Set<Path> all = new LinkedHashSet<>();
        parts.forEach(p -> all.addAll(reportsOf.apply(p)));
        return List.copyOf(all);
    }

    /** The ids of each project, without its folder prefix, in the order of the parts. */
    private Map<Part, List<String>> byPart(List<String> testIds) {
        Map<Part, List<String>> byPart = new LinkedHashMap<>();
        for (String id : testIds) {
            parts.stream().filter(p -> p.folder().isEmpty() || id.startsWith(p.folder() + "/")).findFirst()
                    .ifPresent(p -> byPart.computeIfAbsent(p, k -> new ArrayList<>()).add(p.inFolder(id)));
        }
        return byPart;
    }

    private static TestCommand combined(Map<Part, TestCommand> commands) {
        Map<String, String> shared = sharedEnv(commands.values());
        StringBuilder shell = new StringBuilder("repofix_status=0");
        // Root project last, as the parts are ordered; the order only changes which output comes first.
        commands.forEach((part, command) -> {
            StringBuilder own = new StringBuilder();
            command.extraEnv().forEach((k, v) -> {
                if (!shared.containsKey(k)) {
                    own.append("export ").append(k).append('=').append(ShellWords.quote(v)).append(" && ");
                }
            });
            String cd = part.folder().isEmpty() ? "" : "cd " + ShellWords.quote(part.folder()) + " && ";
            shell.append("; (").append(cd).append(own).append(command.shell()).append(") || repofix_status=1");
        });
        return new TestCommand(shell.append("; exit $repofix_status").toString(), shared);
    }

    /** The variables every command that sets them sets to the same value. */
    private static Map<String, String> sharedEnv(Collection<TestCommand> commands) {
        Map<String, String> shared = new HashMap<>();
        Set<String> conflicting = new LinkedHashSet<>();
        for (TestCommand c : commands) {
            c.extraEnv().forEach((k, v) -> {
                String before = shared.putIfAbsent(k, v);
                if (before != null && !before.equals(v)) {
                    conflicting.add(k);
                }
            });
        }
        conflicting.forEach(shared::remove);
        return shared;
    }
}

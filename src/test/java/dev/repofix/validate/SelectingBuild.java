package dev.repofix.validate;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A build for tests whose executor plays the tests: {@code run-all} runs the suite,
 * {@code run-only <id>...} selects tests by id; its reports are the {@code TEST-*.xml}
 * files at the copy's root, its test paths those under {@code tests/}.
 */
class SelectingBuild implements BuildSystem {
    @Override
    public String name() {
        return "selecting";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        return new TestCommand("run-all", Map.of());
    }

    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        return Optional.of(new TestCommand("run-only " + String.join(" ", testIds), Map.of()));
    }

    @Override
    public List<Path> reports(Path root) {
        try (Stream<Path> files = Files.list(root)) {
            return files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of();
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return relativePath.startsWith("tests/");
    }
}

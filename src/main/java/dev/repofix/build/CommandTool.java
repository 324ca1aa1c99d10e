package dev.repofix.build;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The test tool a user's {@code --test-cmd} runs, told from its words: its build reads
 * the reports that tool writes (pytest's JUnit XML through {@code PYTEST_ADDOPTS}, go's
 * and cargo's recorded output, node's TAP), whatever build the repository's files gave
 * away. {@code python3 -m pytest} in a project detected as unittest is read as pytest.
 */
enum CommandTool {
    PYTEST(PytestEvidence.COMMAND, PytestBuild.class, folder -> new PytestBuild()),
    MAVEN(Pattern.compile("(?:^|[\\s;&|(/])mvnw?(?:$|\\s)"), MavenBuild.class, folder -> new MavenBuild()),
    GRADLE(Pattern.compile("(?:^|[\\s;&|(/])gradlew?(?:$|\\s)"), GradleBuild.class, folder -> new GradleBuild()),
    GO(Pattern.compile("(?:^|[\\s;&|(])go\\s+test(?:$|\\s)"), GoBuild.class, folder -> new GoBuild()),
    CARGO(Pattern.compile("(?:^|[\\s;&|(])cargo\\s+(?:\\+\\S+\\s+)?test(?:$|\\s)"), CargoBuild.class,
            folder -> new CargoBuild()),
    NODE(Pattern.compile("(?:^|[\\s;&|(])node\\s(?:[^;&|]*\\s)?--test(?:$|[\\s=])"), NodeBuild.class,
            folder -> NodeBuild.forNodeTest());

    private final Pattern runs;
    private final Class<? extends BuildSystem> buildType;
    private final Function<Path, BuildSystem> build;

    CommandTool(Pattern runs, Class<? extends BuildSystem> buildType, Function<Path, BuildSystem> build) {
        this.runs = runs;
        this.buildType = buildType;
        this.build = build;
    }

    /** The one tool {@code command} runs; empty when it runs none repofix knows, or several. */
    static Optional<CommandTool> of(String command) {
        List<CommandTool> run = Arrays.stream(values())
                .filter(t -> command.lines().anyMatch(l -> t.runs.matcher(l).find())).toList();
        return run.size() == 1 ? Optional.of(run.get(0)) : Optional.empty();
    }

    /** Whether {@code detected} is this tool's build already (kept then: it knows the project, e.g. npm's script). */
    boolean isBuiltBy(BuildSystem detected) {
        return buildType.isInstance(detected);
    }

    /** This tool's build for the project at {@code root}. */
    BuildSystem build(Path root) {
        return build.apply(root);
    }
}

package dev.repofix.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether a Python project runs its tests with pytest even though nothing configures
 * pytest itself: pytest (or a pytest plugin) among its requirements (pyproject's extras,
 * dependency groups and Poetry groups, setup.cfg's and setup.py's extras, dev and test
 * requirement files, Pipfile), a command that invokes pytest (tox.ini, noxfile.py, a
 * Makefile, GitHub workflows, GitLab CI, hatch or Travis settings), or doctests collected
 * by pytest ({@code --doctest-modules} in any of them). A project whose tests are plain
 * {@code unittest.TestCase} classes is often run with pytest in CI; unittest is what it
 * means only when nothing points at pytest. Every file is read through {@link BuildFile}.
 */
final class PytestEvidence {
    /** Files whose requirements may name pytest. */
    private static final List<String> REQUIREMENT_FILES = List.of("pyproject.toml", "setup.cfg", "setup.py", "Pipfile",
            "hatch.toml");
    /** Files whose commands may run pytest. */
    private static final List<String> COMMAND_FILES = List.of("tox.ini", "noxfile.py", "Makefile", "makefile",
            "GNUmakefile", "pyproject.toml", "setup.cfg", "hatch.toml", ".gitlab-ci.yml", ".travis.yml",
            "azure-pipelines.yml", ".circleci/config.yml");
    private static final List<String> CI_FOLDERS = List.of(".github/workflows");
    /** {@code requirements-dev.txt}, {@code test-requirements.in}, {@code requirements_tests.txt}, ... */
    private static final Pattern DEV_REQUIREMENTS = Pattern.compile(
            "(?i)(requirements[\\w.-]*|[\\w.-]*requirements)\\.(txt|in)");
    private static final Pattern DEV_OR_TEST = Pattern.compile("(?i)dev|test");
    /**
     * A requirement naming pytest or a pytest plugin: {@code "pytest>=7"}, {@code pytest = "^8"},
     * {@code pytest-cov}, a line {@code pytest} of a requirements file; not prose ("a pytest plugin").
     * Applied to one line at a time; no nested repetition.
     */
    private static final Pattern REQUIREMENT = Pattern.compile(
            "(?:^|[\"'\\s])pytest(?:-[A-Za-z0-9_.]+)*\\s*(?:[<>=!~;\\[,\"']|$)");
    /**
     * pytest (or py.test) where a command starts: at the start of a line or a YAML list item,
     * after {@code ; & | ( = :} or a quote, after {@code -m} ({@code python -m pytest},
     * {@code coverage run -m pytest}) or {@code run}/{@code exec} ({@code poetry run pytest});
     * not in prose ("works with a pytest plugin"). Applied to one line at a time.
     */
    static final Pattern COMMAND = Pattern.compile(
            "(?:^\\s*(?:-\\s*)?|[;&|(`\"'=:]\\s*|\\s-m\\s+|\\b(?:run|exec)\\s+)(?:py\\.test|pytest)(?:$|[\\s;&|)`\"'])");
    /** What a package installer is told to install is not a command that runs. */
    private static final Pattern INSTALL = Pattern.compile("\\b(?:pip3?|uv|poetry|pdm|conda|pipx)\\b[^;&|]*?\\b(?:install|add)\\b[^;&|]*");
    private static final Pattern COMMENT = Pattern.compile("^\\s*[#;]");
    private static final String DOCTEST_MODULES = "--doctest-modules";
    private static final int MAX_CI_FILES = 50;

    private PytestEvidence() {}

    /**
     * What in {@code folder} points at pytest, for people ({@code "pytest in requirements-dev.txt"},
     * {@code "tox.ini runs pytest"}); empty when nothing does.
     */
    static Optional<String> in(Path folder) {
        for (String file : requirementFiles(folder)) {
            if (lines(folder, file).anyMatch(l -> REQUIREMENT.matcher(l).find())) {
                return Optional.of("pytest in the requirements of " + file);
            }
        }
        for (String file : commandFiles(folder)) {
            if (lines(folder, file).anyMatch(l -> l.contains(DOCTEST_MODULES))) {
                return Optional.of(file + " collects doctests with pytest (" + DOCTEST_MODULES + ")");
            }
            if (lines(folder, file).map(l -> INSTALL.matcher(l).replaceAll(" ")).anyMatch(l -> COMMAND.matcher(l).find())) {
                return Optional.of(file + " runs pytest");
            }
        }
        return Optional.empty();
    }

    private static List<String> requirementFiles(Path folder) {
        List<String> files = new ArrayList<>(REQUIREMENT_FILES);
        listed(folder, "").stream().filter(PytestEvidence::isDevRequirements).forEach(files::add);
        listed(folder, "requirements").stream().filter(f -> DEV_OR_TEST.matcher(f).find())
                .map(f -> "requirements/" + f).forEach(files::add);
        return files;
    }

    private static boolean isDevRequirements(String name) {
        return DEV_REQUIREMENTS.matcher(name).matches() && DEV_OR_TEST.matcher(name).find();
    }

    private static List<String> commandFiles(Path folder) {
        List<String> files = new ArrayList<>(COMMAND_FILES);
        for (String ci : CI_FOLDERS) {
            listed(folder, ci).stream().filter(f -> f.endsWith(".yml") || f.endsWith(".yaml")).limit(MAX_CI_FILES)
                    .map(f -> ci + "/" + f).forEach(files::add);
        }
        return files;
    }

    /** The names of the files in {@code folder}/{@code sub}, sorted; none when it is a link or absent. */
    private static List<String> listed(Path folder, String sub) {
        Path dir = sub.isEmpty() ? folder : folder.resolve(sub);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of(); // an unlistable folder says nothing about the test tool
        }
    }

    /** The lines of {@code file} that are not comments; none when it is absent, refused or not UTF-8. */
    private static Stream<String> lines(Path folder, String file) {
        return BuildFile.text(folder, file).stream().flatMap(String::lines).filter(l -> !COMMENT.matcher(l).find());
    }
}

package dev.repofix.cli;

import dev.repofix.app.CaseMining;
import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.config.ConfigException;
import dev.repofix.config.GitHubContext;
import dev.repofix.eval.cases.AppendedCases;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.mine.GitHubIssues;
import dev.repofix.eval.mine.GitLabIssues;
import dev.repofix.eval.mine.HistoryMiner;
import dev.repofix.eval.mine.IssueTracker;
import dev.repofix.eval.mine.MinedCases;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval mine}: benchmark cases from the fix commits of a repository's history. */
@Command(name = "mine", mixinStandardHelpOptions = true,
        description = {"Makes cases from the fix commits of a Git repository's history.",
                "A fix commit's message says bug, fix or fixed, or it closes a GitHub or GitLab issue "
                        + "that does or carries a bug label. Each becomes a case: base = the parent, the reference "
                        + "patch its diff split into source and test parts. Merges, first commits and commits "
                        + "without a source change are skipped and counted.",
                "Without --verify, fail_to_pass names the tests the test change adds or edits; with "
                        + "--verify the tests run at the parent with the test change and at the fix, and only fixes "
                        + "with a test going from failing to passing are kept.",
                "Writes OUT/cases.jsonl. Exit 0 when a case was made, 1 when none, 2 on bad input."})
final class EvalMineCommand implements Callable<Integer> {
    static final String GITLAB_COM = "https://gitlab.com";

    @Spec
    CommandSpec spec;

    @Option(names = "--repo", required = true, paramLabel = "PATH", description = "The Git repository (a path).")
    Path repo;

    @Option(names = "--ref", paramLabel = "REF", defaultValue = "HEAD", description = "Where the walk starts. "
            + "Default: HEAD")
    String ref;

    @Option(names = "--since", paramLabel = "DATE", description = "Only commits made on or after DATE "
            + "(2026-01-31 or 2026-01-31T12:00:00Z).")
    String since;

    @Option(names = "--github", paramLabel = "OWNER/NAME", description = "Look up the issues commits close in "
            + "this GitHub repository (GITHUB_TOKEN, GITHUB_API_URL).")
    String github;

    @Option(names = "--gitlab", paramLabel = "GROUP/PROJECT", description = "Look up the issues commits close in "
            + "this GitLab project (GITLAB_TOKEN; the server is --gitlab-url).")
    String gitlab;

    @Option(names = "--gitlab-url", paramLabel = "URL", description = "The GitLab server of --gitlab. Default: "
            + "CI_SERVER_URL, else " + GITLAB_COM)
    String gitlabUrl;

    @Option(names = "--verify", description = "Run the tests before and after each fix; keep only fixes they show, "
            + "with fail_to_pass and pass_to_pass from the runs.")
    boolean verify;

    @Option(names = "--test-cmd", paramLabel = "CMD", description = "Shell command that runs the tests. Default: "
            + "detected")
    String testCmd;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where cases.jsonl goes.")
    Path out;

    @Option(names = "--id-prefix", paramLabel = "P", defaultValue = "mined", description = "Case ids are "
            + "P-<commit>. Default: mined")
    String prefix;

    @Mixin
    EvalOptions options = new EvalOptions();

    private final Environment env;

    EvalMineCommand(Environment env) {
        this.env = env;
    }

    /** For option parsing in tests: runs nothing. */
    EvalMineCommand() {
        this(null);
    }

    @Override
    public Integer call() {
        Optional<Instant> from = Optional.ofNullable(since).map(EvalMineCommand::parseSince);
        IssueTracker tracker = tracker();
        Path repoPath = repo.toAbsolutePath().normalize();
        HistoryMiner.Mining mining = new HistoryMiner(tracker).mine(repoPath, ref, from);
        CaseMining miner = new CaseMining(prefix, repoPath.toString(), mining);
        PrintWriter err = spec.commandLine().getErr();
        Path file = out.resolve("cases.jsonl");
        List<EvalCase> cases;
        int already = 0;
        if (verify) {
            // Each verified case is on disk as soon as it is verified; a rerun skips those already there.
            CompositionRoot root = new CompositionRoot(options.settings(env.host(), Optional.empty()), env);
            try (AppendedCases appended = AppendedCases.open(file)) {
                cases = miner.verified(mining, root, Optional.ofNullable(testCmd), appended, err);
                already = (int) mining.fixes().stream().filter(f -> appended.has(MinedCases.id(prefix, f))).count()
                        - cases.size();
            }
        } else {
            cases = miner.guessed(mining);
            write(file, cases);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("mined " + cases.size() + " case(s) from " + (mining.fixes().size()
                + mining.skipped().values().stream().mapToInt(Integer::intValue).sum()) + " commit(s) into " + file);
        if (already > 0) {
            stdout.println("  skipped " + already + ": already in " + file + " from an earlier run (not verified again)");
        }
        miner.skipped().forEach((why, n) -> stdout.println("  skipped " + n + ": " + why.why()));
        stdout.println("next: repofix eval check --cases " + file + (verify ? "" : " --run"));
        stdout.flush();
        return cases.isEmpty() && already == 0 ? ExitCodes.NOT_FIXED : ExitCodes.OK;
    }

    private static void write(Path file, List<EvalCase> cases) {
        try {
            Files.createDirectories(file.getParent());
            try (Writer w = Files.newBufferedWriter(file)) {
                CaseFile.write(cases, w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Where the issues commits close are read: GitHub, GitLab, or nowhere. */
    private IssueTracker tracker() {
        if (github != null && gitlab != null) {
            throw new ConfigException("give --github or --gitlab, not both: a history's issues are in one tracker");
        }
        if (github != null) {
            return new GitHubIssues(URI.create(env.host().get("GITHUB_API_URL").filter(u -> !u.isBlank())
                    .orElse(GitHubContext.DEFAULT_API_URL)), github,
                    env.host().get("GITHUB_TOKEN").or(() -> env.host().get("GH_TOKEN")).filter(t -> !t.isBlank()));
        }
        if (gitlab != null) {
            String server = Optional.ofNullable(gitlabUrl).or(() -> env.host().get("CI_SERVER_URL"))
                    .filter(u -> !u.isBlank()).orElse(GITLAB_COM);
            return new GitLabIssues(URI.create(server), gitlab,
                    env.host().get("GITLAB_TOKEN").filter(t -> !t.isBlank()));
        }
        return IssueTracker.none();
    }

    static Instant parseSince(String text) {
        try {
            return text.contains("T") ? Instant.parse(text) : LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC)
                    .toInstant();
        } catch (DateTimeParseException e) {
            throw new ConfigException("--since wants a date (2026-01-31) or an instant (2026-01-31T12:00:00Z), not '"
                    + text + "'");
        }
    }
}

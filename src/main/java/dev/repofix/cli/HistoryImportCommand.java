package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.score.CaseScores;
import dev.repofix.eval.score.Scores;
import dev.repofix.history.CandidateVerdict;
import dev.repofix.history.CaseScore;
import dev.repofix.history.EvalRuns;
import dev.repofix.history.FixRuns;
import dev.repofix.history.HistoryStore;
import dev.repofix.history.StageResult;
import dev.repofix.history.StoredRun;
import dev.repofix.report.RunRecordReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code repofix history import DIR}: rebuilds history from saved artifacts, every {@code report.json}
 * ({@code repofix.run/2}) and every eval results folder ({@code run.json} + {@code cases/*.json}) under DIR.
 * Importing the same artifacts again replaces their runs rather than doubling them.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Loads saved reports and eval results under DIR into the history.",
                "Reads report.json files and eval results folders (run.json and cases/), e.g. from "
                        + "downloaded CI artifacts. Importing the same files again replaces their runs."})
final class HistoryImportCommand implements Callable<Integer> {
    private static final int DEPTH = 8;

    @Spec
    CommandSpec spec;

    @Mixin
    HistoryCommand.Store store = new HistoryCommand.Store();

    @Parameters(index = "0", paramLabel = "DIR", description = "Where the artifacts are.")
    Path dir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new ConfigException("cannot import from " + dir + ": it is not a folder");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<StoredRun> runs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir, DEPTH)) {
            for (Path f : files.sorted().toList()) {
                read(f, err).ifPresent(runs::add);
            }
        }
        HistoryStore history = store.open();
        history.record(runs);
        long evals = runs.stream().filter(r -> r.summary().kind() == dev.repofix.history.RunSummary.RunKind.EVAL).count();
        spec.commandLine().getOut().println("repofix history: imported " + (runs.size() - evals) + " fix run(s) and "
                + evals + " eval run(s) from " + dir + " into " + history.location().shown());
        spec.commandLine().getOut().flush();
        err.flush();
        return ExitCodes.OK;
    }

    private static Optional<StoredRun> read(Path f, PrintWriter err) throws IOException {
        try {
            if (f.getFileName() != null && f.getFileName().toString().equals("report.json") && Files.isRegularFile(f)) {
                String json = Files.readString(f, StandardCharsets.UTF_8);
                return Optional.of(FixRuns.of(new RunRecordReader().read(json, f.toString()),
                        Optional.of(f.toString())));
            }
            if (Files.isDirectory(f) && Files.isRegularFile(f.resolve("run.json")) && Files.isDirectory(f.resolve("cases"))) {
                ResultStore results = new ResultStore(f);
                RunManifest manifest = results.manifest().orElseThrow();
                List<CaseResult> cases = results.results();
                Duration wall = Duration.ofMillis(cases.stream().mapToLong(c -> c.times().wallMs()).sum());
                return Optional.of(evalRun(manifest, cases, "imported", wall, f).stored());
            }
        } catch (RepofixException | IllegalArgumentException e) {
            err.println("repofix history: warning: skipped " + f + ": " + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * The history's form of an eval run's results. The id is derived from the run's manifest (case file,
     * model, shard, start), so one results folder is one run however often it is recorded or imported.
     */
    static EvalRuns evalRun(RunManifest m, List<CaseResult> results, String trigger, Duration wall, Path out) {
        List<CaseScore> cases = new ArrayList<>();
        List<StageResult> stages = new ArrayList<>();
        List<CandidateVerdict> candidates = new ArrayList<>();
        for (CaseResult r : results) {
            cases.add(score(r));
            r.record().ifPresent(run -> {
                stages.addAll(FixRuns.stages(r.key(), run));
                candidates.addAll(FixRuns.candidates(r.key(), run));
            });
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("casesSha256", m.casesSha256());
        settings.put("shard", m.shardIndex() + "/" + m.shardCount());
        settings.put("settings", String.join(",", m.settings()));
        settings.put("version", m.version());
        return new EvalRuns(id(m), m.startedAt(), m.casesFile(), trigger, m.model(), settings, wall,
                Optional.of(out.toString()), cases, stages, candidates);
    }

    static CaseScore score(CaseResult r) {
        if (r.status() != ResultStatus.SCORED) {
            return new CaseScore(r.key(), r.caseId(), r.setting(), r.status().name(), false, false, false, false, 0, 0,
                    0, OptionalDouble.empty(), 0, OptionalDouble.empty(), r.times().wallMs(), r.error());
        }
        CaseScores s = Scores.of(r);
        return new CaseScore(r.key(), r.caseId(), r.setting(), r.status().name(), s.truePositives() > 0, s.fileHit(),
                s.applied(), s.passed(), s.precision(), s.recall(), s.f1(), s.issueScore(),
                s.inputTokens() + s.outputTokens(), s.costUsd().map(OptionalDouble::of).orElse(OptionalDouble.empty()),
                r.times().wallMs(), r.error());
    }

    private static String id(RunManifest m) {
        String key = m.casesSha256() + "|" + m.model() + "|" + String.join(",", m.settings()) + "|" + m.shardIndex()
                + "/" + m.shardCount() + "|" + m.startedAt();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return "eval-" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}

package dev.repofix.app;

import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.inject.InjectionOperator;
import dev.repofix.eval.inject.WrittenBugs;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.score.CaseScores;
import dev.repofix.eval.score.Scores;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.PatchCandidate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code repofix bench repair}'s tables: the scored results of injected cases counted per
 * operator (with a total), per language and operator, and per template family of the fix found
 * (the family of the VALID candidate). Cases not scored (ERROR, BROKEN or FLAKY) are counted apart.
 *
 * @param byOperator            one row per operator, in the order the results first name it
 * @param all                   every scored case
 * @param apart                 cases not scored
 * @param byLanguageAndOperator keyed {@code "<language> <operator>"}, sorted
 * @param byFamily              keyed by the family of the fix found, or {@code (not fixed)}, sorted
 */
public record RepairTables(List<Row> byOperator, Counts all, int apart, Map<String, Counts> byLanguageAndOperator,
        Map<String, Counts> byFamily) {
    public RepairTables {
        byOperator = List.copyOf(byOperator);
        byLanguageAndOperator = new TreeMap<>(byLanguageAndOperator);
        byFamily = new TreeMap<>(byFamily);
    }

    /**
     * One operator's row.
     *
     * @param inTemplates {@code yes} when the builtin templates undo it, {@code no} when not, {@code ?} for no operator
     */
    public record Row(String operator, String inTemplates, Counts counts) {}

    /** Cases, fixed, reference-equal, top-1, top-5 and the mean wall time per bug in seconds. */
    public record Counts(int cases, long fixed, long referenceEqual, long top1, long top5, double secondsPerBug) {
        static Counts of(List<CaseScores> scores) {
            return new Counts(scores.size(), scores.stream().filter(CaseScores::passed).count(),
                    scores.stream().filter(s -> s.referenceEqual().orElse(false)).count(),
                    scores.stream().filter(CaseScores::top1).count(), scores.stream().filter(CaseScores::top5).count(),
                    scores.stream().mapToLong(s -> s.result().times().wallMs()).average().orElse(0) / 1000.0);
        }
    }

    /** The tables of {@code results}, the results of running {@code cases}. */
    public static RepairTables of(List<CaseResult> results, List<EvalCase> cases) {
        Map<String, String> operatorOf = new HashMap<>();
        Map<String, String> languageOf = new HashMap<>();
        cases.forEach(c -> {
            operatorOf.put(c.id(), operator(c));
            languageOf.put(c.id(), c.language());
        });
        Map<String, List<CaseScores>> byOperator = new LinkedHashMap<>();
        Map<String, List<CaseScores>> byLanguage = new TreeMap<>();
        Map<String, List<CaseScores>> byFamily = new TreeMap<>();
        List<CaseScores> all = new ArrayList<>();
        int apart = 0;
        for (CaseResult r : results) {
            if (r.status() != ResultStatus.SCORED) {
                apart++;
                continue;
            }
            CaseScores s = Scores.of(r);
            String op = operatorOf.getOrDefault(r.caseId(), "?");
            byOperator.computeIfAbsent(op, k -> new ArrayList<>()).add(s);
            all.add(s);
            byLanguage.computeIfAbsent(languageOf.getOrDefault(r.caseId(), "?") + " " + op, k -> new ArrayList<>())
                    .add(s);
            String family = r.record().flatMap(RunResult::fix).map(PatchCandidate::strategy).orElse("(not fixed)");
            byFamily.computeIfAbsent(family, k -> new ArrayList<>()).add(s);
        }
        List<Row> rows = new ArrayList<>();
        byOperator.forEach((op, scores) -> rows.add(new Row(op, inTemplates(op), Counts.of(scores))));
        Map<String, Counts> languageCounts = new TreeMap<>();
        byLanguage.forEach((k, scores) -> languageCounts.put(k, Counts.of(scores)));
        Map<String, Counts> familyCounts = new TreeMap<>();
        byFamily.forEach((k, scores) -> familyCounts.put(k, Counts.of(scores)));
        return new RepairTables(rows, Counts.of(all), apart, languageCounts, familyCounts);
    }

    /**
     * The operator that made a case: its tag among the operators' labels; for a bug written by hand, the family it
     * stands for.
     */
    static String operator(EvalCase kase) {
        return Arrays.stream(InjectionOperator.values()).map(InjectionOperator::label).filter(kase.tags()::contains)
                .findFirst().or(() -> kase.tags().stream().filter(t -> t.startsWith(WrittenBugs.FAMILY_TAG))
                        .map(t -> t.substring(WrittenBugs.FAMILY_TAG.length())).findFirst()).orElse("?");
    }

    private static String inTemplates(String label) {
        for (InjectionOperator op : InjectionOperator.values()) {
            if (op.label().equals(label)) {
                return op.inTemplates() ? "yes" : "no";
            }
        }
        return label.equals("?") ? "?" : "by hand";
    }
}

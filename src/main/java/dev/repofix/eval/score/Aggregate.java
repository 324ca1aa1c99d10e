package dev.repofix.eval.score;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The metrics of a group of scored cases (all of them, one language, one bug type, one
 * context budget).
 *
 * @param group          the group's name ("all", a language, a bug type, a budget)
 * @param cases          scored cases in the group
 * @param loads          cases whose localization parsed
 * @param microPrecision true positives / predicted lines, summed over the cases ({case}^{file}^{line} sets)
 * @param microRecall    true positives / reference lines, summed over the cases
 * @param microF1        harmonic mean of the two micro figures
 * @param meanPrecision  mean of the per-case precision
 * @param meanRecall     mean of the per-case recall
 * @param meanF1         mean of the per-case F1
 * @param fileHit        cases where some predicted file is a reference file
 * @param top1           cases whose first prediction is a reference line
 * @param top5           cases with a reference line among their first five predictions
 * @param cause          cases whose reference cause line is predicted, of those with one
 * @param effect         cases whose reference effect line is predicted, of those with one
 * @param apply          cases where some candidate applied
 * @param pass           cases fixed (a VALID candidate)
 * @param referenceEqual fixed cases whose fix equals the reference, of fixed cases with a reference patch
 * @param issueScore     mean judge score (0-100) over the judged cases; empty when none was judged
 * @param bugType        cases whose bug type stage 1 identified, of those whose case names one (BI accuracy)
 * @param allCauses      cases where every bug's cause line is predicted, of those with a cause (DSDBench)
 * @param inputTokens    prompt tokens, summed
 * @param outputTokens   answer tokens, summed
 * @param costUsd        cost summed over the cases with a known cost; empty when none has
 * @param meanWallMs     mean wall time of a case
 * @param meanStageMs    per stage (from the run records' stage records, in the order first seen),
 *                       its mean wall time over the cases where it ran
 */
public record Aggregate(String group, int cases, Rate loads, double microPrecision, double microRecall,
        double microF1, double meanPrecision, double meanRecall, double meanF1, Rate fileHit, Rate top1, Rate top5,
        Rate cause, Rate effect, Rate apply, Rate pass, Rate referenceEqual, OptionalDouble issueScore,
        Rate bugType, Rate allCauses,
        long inputTokens, long outputTokens, Optional<Double> costUsd, double meanWallMs,
        Map<String, Double> meanStageMs) {
    public Aggregate {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(costUsd, "costUsd");
        meanStageMs = Collections.unmodifiableMap(new LinkedHashMap<>(meanStageMs));
    }

    static Aggregate of(String group, List<CaseScores> scores) {
        int tp = scores.stream().mapToInt(CaseScores::truePositives).sum();
        int predicted = scores.stream().mapToInt(s -> s.predicted().size()).sum();
        int reference = scores.stream().mapToInt(CaseScores::referenceCount).sum();
        double p = predicted == 0 ? 0 : (double) tp / predicted;
        double r = reference == 0 ? 0 : (double) tp / reference;
        List<Double> costs = scores.stream().flatMap(s -> s.costUsd().stream()).toList();
        return new Aggregate(group, scores.size(), rate(scores, CaseScores::loads), p, r, Scores.f1(p, r),
                mean(scores, CaseScores::precision), mean(scores, CaseScores::recall), mean(scores, CaseScores::f1),
                rate(scores, CaseScores::fileHit), rate(scores, CaseScores::top1), rate(scores, CaseScores::top5),
                Rate.count(scores.stream().flatMap(s -> s.causeHit().stream()).toList()),
                Rate.count(scores.stream().flatMap(s -> s.effectHit().stream()).toList()),
                rate(scores, CaseScores::applied), rate(scores, CaseScores::passed),
                Rate.count(scores.stream().flatMap(s -> s.referenceEqual().stream()).toList()),
                scores.stream().flatMapToDouble(s -> s.issueScore().stream()).average(),
                Rate.count(scores.stream().flatMap(s -> s.bugTypeHit().stream()).toList()),
                Rate.count(scores.stream().flatMap(s -> s.allCausesHit().stream()).toList()),
                scores.stream().mapToLong(CaseScores::inputTokens).sum(),
                scores.stream().mapToLong(CaseScores::outputTokens).sum(),
                costs.isEmpty() ? Optional.empty() : Optional.of(costs.stream().mapToDouble(d -> d).sum()),
                scores.stream().mapToLong(s -> s.result().times().wallMs()).average().orElse(0),
                meanStageMs(scores));
    }

    private static Map<String, Double> meanStageMs(List<CaseScores> scores) {
        Map<String, List<Long>> byStage = new LinkedHashMap<>();
        scores.forEach(s -> s.stageMs().forEach((stage, ms) -> byStage.computeIfAbsent(stage, k -> new ArrayList<>())
                .add(ms)));
        Map<String, Double> out = new LinkedHashMap<>();
        byStage.forEach((stage, ms) -> out.put(stage, ms.stream().mapToLong(Long::longValue).average().orElse(0)));
        return out;
    }

    private static Rate rate(List<CaseScores> scores, java.util.function.Predicate<CaseScores> p) {
        return Rate.count(scores.stream().map(p::test).toList());
    }

    private static double mean(List<CaseScores> scores, java.util.function.ToDoubleFunction<CaseScores> f) {
        return scores.stream().mapToDouble(f).average().orElse(0);
    }
}

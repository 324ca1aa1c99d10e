package dev.repofix.eval.score;

import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The benchmark's figures from its results: pure, no test is rerun. */
public final class Aggregates {
    /** The variables correlated across cases, in the report's order. */
    static final List<String> VARIABLES = List.of("issue", "loads", "f1", "apply", "pass");

    private Aggregates() {}

    public static Summary summarize(List<CaseResult> results) {
        List<CaseResult> sorted = results.stream().sorted(Comparator.comparing(CaseResult::key)).toList();
        List<CaseResult> excluded = sorted.stream().filter(r -> r.status() != ResultStatus.SCORED).toList();
        Map<String, List<CaseScores>> bySetting = sorted.stream().filter(r -> r.status() == ResultStatus.SCORED)
                .map(Scores::of).collect(Collectors.groupingBy(s -> sweptSetting(s.result()), TreeMap::new,
                        Collectors.toList()));
        List<SettingSummary> settings = new ArrayList<>();
        bySetting.forEach((setting, scores) -> settings.add(setting(setting, scores)));
        return new Summary(settings, excluded);
    }

    /**
     * The setting a result is summarized under: its key without the context budget that
     * {@code EvalRunner.settingKey} (in {@code eval.run}) adds, so that the budgets of one
     * sweep are one setting's points; empty for the chained pipeline.
     */
    static String sweptSetting(CaseResult result) {
        String key = result.setting().orElse("");
        if (result.contextTokens().isEmpty()) {
            return key;
        }
        String budget = "ctx" + result.contextTokens().getAsInt();
        if (key.equals(budget)) {
            return "";
        }
        return key.endsWith("-" + budget) ? key.substring(0, key.length() - budget.length() - 1) : key;
    }

    private static SettingSummary setting(String setting, List<CaseScores> scores) {
        Map<String, List<CaseScores>> byBugType = new TreeMap<>();
        scores.forEach(s -> s.result().reference().bugTypes()
                .forEach(t -> byBugType.computeIfAbsent(t, k -> new ArrayList<>()).add(s)));
        Map<Integer, List<CaseScores>> byBudget = scores.stream().filter(s -> s.contextTokens().isPresent())
                .collect(Collectors.groupingBy(s -> s.contextTokens().getAsInt(), TreeMap::new, Collectors.toList()));
        List<Aggregate> sweep = byBudget.size() < 2 ? List.of()
                : byBudget.entrySet().stream().map(e -> Aggregate.of(String.valueOf(e.getKey()), e.getValue())).toList();
        return new SettingSummary(setting, Aggregate.of("all", scores), groups(scores, CaseScores::language),
                groups(byBugType), byShape(scores), loadsAtK(scores), correlations(scores), sweep, scores,
                notAsked(scores));
    }

    /** The stages that no case of {@code scores} asked the model, in the first record's order. */
    static List<String> notAsked(List<CaseScores> scores) {
        List<List<String>> each = scores.stream().map(s -> Scores.notAsked(s.result().record().orElseThrow())).toList();
        return each.isEmpty() ? List.of() : each.get(0).stream().filter(stage -> each.stream()
                .allMatch(l -> l.contains(stage))).toList();
    }

    /** Single- and multi-bug cases (of those with a cause), then single- and multi-hop (of those with an effect too). */
    static List<Aggregate> byShape(List<CaseScores> scores) {
        Map<String, List<CaseScores>> shapes = new java.util.LinkedHashMap<>();
        for (String shape : List.of("single-bug", "multi-bug", "single-hop", "multi-hop")) {
            shapes.put(shape, new ArrayList<>());
        }
        for (CaseScores s : scores) {
            CaseReference ref = s.result().reference();
            if (!ref.causeLines().isEmpty()) {
                shapes.get(ref.multiBug() ? "multi-bug" : "single-bug").add(s);
            }
            ref.multiHop().ifPresent(hop -> shapes.get(hop ? "multi-hop" : "single-hop").add(s));
        }
        return shapes.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                .map(e -> Aggregate.of(e.getKey(), e.getValue())).toList();
    }

    private static List<Aggregate> groups(List<CaseScores> scores, Function<CaseScores, String> key) {
        return groups(scores.stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.toList())));
    }

    private static List<Aggregate> groups(Map<String, List<CaseScores>> groups) {
        return groups.entrySet().stream().map(e -> Aggregate.of(e.getKey(), e.getValue())).toList();
    }

    /**
     * For each k up to the most samples a case has: of the cases with at least k scored
     * samples, the share where one of the first k samples (by sample number) loads.
     */
    static Map<Integer, Rate> loadsAtK(List<CaseScores> scores) {
        Map<String, List<CaseScores>> byCase = scores.stream().collect(Collectors.groupingBy(
                s -> s.result().caseId(), TreeMap::new, Collectors.toList()));
        byCase.values().forEach(l -> l.sort(Comparator.comparingInt(s -> s.result().sample().orElse(1))));
        int most = byCase.values().stream().mapToInt(List::size).max().orElse(0);
        Map<Integer, Rate> out = new TreeMap<>();
        for (int k = 1; k <= most; k++) {
            int kk = k;
            out.put(k, Rate.count(byCase.values().stream().filter(l -> l.size() >= kk)
                    .map(l -> l.subList(0, kk).stream().anyMatch(CaseScores::loads)).toList()));
        }
        return out;
    }

    /** Pearson's r for each pair of {@link #VARIABLES}, over the cases where both are known. */
    static List<Correlation> correlations(List<CaseScores> scores) {
        List<Correlation> out = new ArrayList<>();
        for (int i = 0; i < VARIABLES.size(); i++) {
            for (int j = i + 1; j < VARIABLES.size(); j++) {
                String x = VARIABLES.get(i);
                String y = VARIABLES.get(j);
                List<double[]> pairs = scores.stream().flatMap(s -> pair(value(s, x), value(s, y)).stream()).toList();
                out.add(Pearson.of(x, pairs.stream().mapToDouble(p -> p[0]).toArray(), y,
                        pairs.stream().mapToDouble(p -> p[1]).toArray()));
            }
        }
        return out;
    }

    private static Optional<double[]> pair(OptionalDouble x, OptionalDouble y) {
        return x.isPresent() && y.isPresent() ? Optional.of(new double[] {x.getAsDouble(), y.getAsDouble()})
                : Optional.empty();
    }

    static OptionalDouble value(CaseScores s, String variable) {
        return switch (variable) {
            case "issue" -> s.issueScore();
            case "loads" -> OptionalDouble.of(s.loads() ? 1 : 0);
            case "f1" -> OptionalDouble.of(s.f1());
            case "apply" -> OptionalDouble.of(s.applied() ? 1 : 0);
            case "pass" -> OptionalDouble.of(s.passed() ? 1 : 0);
            default -> throw new IllegalArgumentException("no such variable: " + variable);
        };
    }
}

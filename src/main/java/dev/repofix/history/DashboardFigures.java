package dev.repofix.history;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * The dashboard's numbers, computed from run summaries alone. Runs are pooled per UTC day: a day's
 * share is the sum of its runs' counts over the sum of their cases, so a 40-case eval weighs forty
 * times a one-case fix run. Runs with no scored case (cases 0) have no share and are left out.
 */
final class DashboardFigures {
    private DashboardFigures() {}

    /** One day of one series: a share in 0-1 and how it was made ("3/4", "score 72.5"). */
    record Point(LocalDate day, double share, String detail) {}

    /** A named line of the chart, its points in increasing day order. */
    record Series(String name, List<Point> points) {
        Series {
            points = List.copyOf(points);
        }
    }

    /** What one model's priced runs cost and fixed; runs with no cost are not counted here. */
    record ModelCost(String model, int pricedRuns, double spentUsd, int fixed) {
        /** Dollars per fixed bug; empty while the model has fixed none. */
        OptionalDouble perFixed() {
            return fixed == 0 ? OptionalDouble.empty() : OptionalDouble.of(spentUsd / fixed);
        }
    }

    /** Fixed over cases, all runs together. */
    record Totals(int runs, int cases, int fixed) {}

    static Totals totals(List<RunSummary> runs) {
        return new Totals(runs.size(), runs.stream().mapToInt(RunSummary::cases).sum(),
                runs.stream().mapToInt(RunSummary::fixed).sum());
    }

    /** Success rate (fixed over cases) per day, one series per model, models in name order. */
    static List<Series> successByModel(List<RunSummary> runs) {
        Map<String, List<RunSummary>> byModel = scored(runs).stream()
                .collect(Collectors.groupingBy(RunSummary::model, TreeMap::new, Collectors.toList()));
        List<Series> series = new ArrayList<>();
        byModel.forEach((model, ofModel) -> series.add(new Series(model, daily(ofModel, RunSummary::fixed))));
        return series;
    }

    /** The four stage metrics per day over every model: issue score, localized, applied, fixed. */
    static List<Series> stages(List<RunSummary> runs) {
        List<RunSummary> scored = scored(runs);
        return List.of(new Series("issue score", dailyIssueScore(runs)),
                new Series("localized", daily(scored, RunSummary::localized)),
                new Series("applied", daily(scored, RunSummary::applied)),
                new Series("fixed", daily(scored, RunSummary::fixed)));
    }

    /** Spend and fixed bugs of each model's priced runs, models in name order; empty when no run is priced. */
    static List<ModelCost> costs(List<RunSummary> runs) {
        Map<String, List<RunSummary>> byModel = runs.stream().filter(r -> r.costUsd().isPresent())
                .collect(Collectors.groupingBy(RunSummary::model, TreeMap::new, Collectors.toList()));
        List<ModelCost> costs = new ArrayList<>();
        byModel.forEach((model, priced) -> costs.add(new ModelCost(model, priced.size(),
                priced.stream().mapToDouble(r -> r.costUsd().getAsDouble()).sum(),
                priced.stream().mapToInt(RunSummary::fixed).sum())));
        return costs;
    }

    static LocalDate day(RunSummary run) {
        return LocalDate.ofInstant(run.startedAt(), ZoneOffset.UTC);
    }

    private static List<RunSummary> scored(List<RunSummary> runs) {
        return runs.stream().filter(r -> r.cases() > 0).toList();
    }

    private static List<Point> daily(List<RunSummary> runs, ToIntFunction<RunSummary> count) {
        List<Point> points = new ArrayList<>();
        byDay(runs).forEach((day, ofDay) -> {
            int part = ofDay.stream().mapToInt(count).sum();
            int whole = ofDay.stream().mapToInt(RunSummary::cases).sum();
            points.add(new Point(day, (double) part / whole, part + "/" + whole));
        });
        return points;
    }

    /** The mean of the day's judged issue scores (0-100), as a share; days with no judged run are left out. */
    private static List<Point> dailyIssueScore(List<RunSummary> runs) {
        List<Point> points = new ArrayList<>();
        byDay(runs.stream().filter(r -> r.issueScore().isPresent()).toList()).forEach((day, ofDay) -> {
            double mean = ofDay.stream().mapToDouble(r -> r.issueScore().getAsDouble()).average().orElseThrow();
            points.add(new Point(day, mean / 100, DashboardText.number(mean) + " of 100"));
        });
        return points;
    }

    private static TreeMap<LocalDate, List<RunSummary>> byDay(List<RunSummary> runs) {
        return runs.stream().collect(Collectors.groupingBy(DashboardFigures::day, TreeMap::new, Collectors.toList()));
    }
}

package dev.repofix.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dashboard's leaderboards from the eval runs the history holds: per benchmark (case file),
 * the latest run of each model and setting, side by side. Pure.
 */
final class Leaderboards {
    /** How many of the newest eval runs are read for the leaderboards: a bound on the page's reads. */
    static final int RUNS_READ = 50;

    private Leaderboards() {}

    /** One leaderboard per benchmark, by name; runs in any order, fix runs ignored. */
    static Map<String, Leaderboard> latest(List<RunDetail> runs) {
        record Key(String benchmark, String model, String setting) {}
        Map<Key, RunDetail> newest = new LinkedHashMap<>();
        Map<Key, List<CaseScore>> cases = new LinkedHashMap<>();
        List<RunDetail> byTime = runs.stream().filter(r -> r.summary().kind() == RunSummary.RunKind.EVAL)
                .sorted(Comparator.comparing((RunDetail r) -> r.summary().startedAt()).reversed()
                        .thenComparing(r -> r.summary().id()))
                .toList();
        for (RunDetail run : byTime) {
            Map<String, List<CaseScore>> bySetting = new TreeMap<>();
            run.cases().forEach(c -> bySetting.computeIfAbsent(c.setting().orElse(""), k -> new ArrayList<>()).add(c));
            bySetting.forEach((setting, scores) -> {
                Key key = new Key(run.summary().repository(), run.summary().model(), setting);
                if (newest.putIfAbsent(key, run) == null) {
                    cases.put(key, scores);
                }
            });
        }
        Map<String, List<Leaderboard.Entry>> entries = new TreeMap<>();
        cases.forEach((key, scores) -> entries.computeIfAbsent(key.benchmark(), k -> new ArrayList<>())
                .add(new Leaderboard.Entry(newest.get(key).summary().id(), key.model(), key.setting(), scores)));
        Map<String, Leaderboard> out = new LinkedHashMap<>();
        entries.forEach((benchmark, list) -> out.put(benchmark, Leaderboard.of(list)));
        return out;
    }
}

package dev.repofix.eval.result;

import dev.repofix.config.RepofixException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code repofix eval merge}: joins the output folders of a sharded run into one. Shards
 * must be of the same case file (by SHA-256) and the same shard count, all present, and no
 * case may be in two of them: a merge that silently dropped or doubled cases would skew
 * every figure.
 */
public final class ShardMerge {
    private ShardMerge() {}

    /**
     * What a merge did.
     *
     * @param results  result files written
     * @param warnings what the caller should show (shards missing from a partial merge)
     */
    public record Outcome(int results, List<String> warnings) {
        public Outcome {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * @param shards       the shards' output folders
     * @param out          the merged folder; it must hold no results yet
     * @param allowPartial merge even when shards are missing, with a warning naming them
     * @throws RepofixException (input) naming the folders and cases at fault: a folder without
     *     a manifest, shards of different case files or counts, a shard or a case in two
     *     folders, missing shards (unless {@code allowPartial}), an output that has results
     */
    public static Outcome merge(List<Path> shards, Path out, boolean allowPartial) {
        if (shards.isEmpty()) {
            throw refused("no shard folders given; pass the --out folder of each 'repofix eval run --shard i/n'");
        }
        ResultStore target = new ResultStore(out);
        if (!target.files().isEmpty()) {
            throw refused(out + " already holds results; merge into an empty folder");
        }
        Map<Path, RunManifest> manifests = manifests(shards);
        RunManifest first = manifests.values().iterator().next();
        sameRun(manifests, first);
        Map<Integer, Path> byIndex = shardsByIndex(manifests);
        Map<String, Path> byKey = new TreeMap<>();
        Map<Path, List<Path>> files = new LinkedHashMap<>();
        for (Path dir : shards) {
            ResultStore store = new ResultStore(dir);
            store.results(); // every file must read as a result before anything is written
            List<Path> own = store.files();
            for (Path f : own) {
                String key = f.getFileName().toString().replaceFirst("\\.json$", "");
                Path other = byKey.putIfAbsent(key, dir);
                if (other != null) {
                    throw refused("case " + key + " is in both " + other + " and " + dir
                            + ": the shards overlap; rerun them with the same --shard count and distinct indexes");
                }
            }
            files.put(dir, own);
        }
        List<String> missing = missing(byIndex.keySet(), first.shardCount());
        List<String> warnings = new ArrayList<>();
        if (!missing.isEmpty()) {
            String what = "shard" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing) + " of "
                    + first.casesFile() + " (sha256 " + first.casesSha256() + ")";
            if (!allowPartial) {
                throw refused("missing " + what + "; pass every shard's folder, or --allow-partial to merge without "
                        + (missing.size() > 1 ? "them" : "it"));
            }
            warnings.add("merged without " + what + ": the figures leave out the cases of "
                    + (missing.size() > 1 ? "those shards" : "that shard"));
        }
        files.values().forEach(list -> list.forEach(f -> ResultStore.writeAtomically(
                target.casesDir().resolve(f.getFileName()), ResultStore.read(f))));
        target.writeManifest(merged(manifests.values(), missing));
        return new Outcome(byKey.size(), warnings);
    }

    private static Map<Path, RunManifest> manifests(List<Path> shards) {
        Map<Path, RunManifest> out = new LinkedHashMap<>();
        for (Path dir : shards) {
            RunManifest m = new ResultStore(dir).manifest().orElseThrow(() -> refused(dir + " has no "
                    + ResultStore.MANIFEST + "; pass the --out folder of a 'repofix eval run'"));
            out.put(dir, m);
        }
        return out;
    }

    private static void sameRun(Map<Path, RunManifest> manifests, RunManifest first) {
        Path firstDir = manifests.keySet().iterator().next();
        manifests.forEach((dir, m) -> {
            if (!m.casesSha256().equals(first.casesSha256())) {
                throw refused(dir + " ran " + m.casesFile() + " (sha256 " + m.casesSha256() + ") but " + firstDir
                        + " ran " + first.casesFile() + " (sha256 " + first.casesSha256()
                        + "): shards of different case files cannot be merged");
            }
            if (m.shardCount() != first.shardCount()) {
                throw refused(dir + " is shard " + m.shard() + " but " + firstDir + " is shard " + first.shard()
                        + ": shards of different counts cannot be merged");
            }
        });
    }

    private static Map<Integer, Path> shardsByIndex(Map<Path, RunManifest> manifests) {
        Map<Integer, Path> out = new TreeMap<>();
        manifests.forEach((dir, m) -> {
            Path other = out.putIfAbsent(m.shardIndex(), dir);
            if (other != null) {
                throw refused("shard " + m.shard() + " is in both " + other + " and " + dir
                        + ": the shards overlap; pass each shard's folder once");
            }
        });
        return out;
    }

    private static List<String> missing(Set<Integer> present, int count) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            if (!present.contains(i)) {
                out.add(i + "/" + count);
            }
        }
        return out;
    }

    private static RunManifest merged(java.util.Collection<RunManifest> manifests, List<String> missing) {
        RunManifest first = manifests.iterator().next();
        Set<String> settings = new LinkedHashSet<>();
        manifests.forEach(m -> settings.addAll(m.settings()));
        Instant started = manifests.stream().map(RunManifest::startedAt).min(Comparator.naturalOrder()).orElseThrow();
        return new RunManifest(first.casesFile(), first.casesSha256(), 1, 1, first.model(), List.copyOf(settings),
                started, first.version(), missing);
    }

    private static RepofixException refused(String message) {
        return new RepofixException(RepofixException.ErrorKind.INPUT, "cannot merge: " + message);
    }
}

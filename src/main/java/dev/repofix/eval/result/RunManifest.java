package dev.repofix.eval.result;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What one benchmark run (or one shard of it) ran, saved as {@code OUT/run.json}; merge
 * checks shards against each other with it.
 *
 * @param casesFile     the case file's name as given
 * @param casesSha256   the case file's SHA-256 (hex), so that shards of different case files are not merged
 * @param shardIndex    this shard, 1-based
 * @param shardCount    the number of shards (1 when not sharded)
 * @param model         what answered the stages
 * @param settings      the input settings run
 * @param startedAt     when the run began
 * @param version       the repofix version that ran it
 * @param missingShards shards a partial merge went without ("i/n"); empty for a run or a complete merge
 */
public record RunManifest(String casesFile, String casesSha256, int shardIndex, int shardCount, String model,
        List<String> settings, Instant startedAt, String version, List<String> missingShards) {
    public RunManifest {
        Objects.requireNonNull(casesFile, "casesFile");
        Objects.requireNonNull(casesSha256, "casesSha256");
        Objects.requireNonNull(model, "model");
        settings = List.copyOf(settings);
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(version, "version");
        missingShards = List.copyOf(missingShards);
        if (shardCount < 1 || shardIndex < 1 || shardIndex > shardCount) {
            throw new IllegalArgumentException("shard " + shardIndex + "/" + shardCount + " is not i/n with 1 <= i <= n");
        }
    }

    /**
     * The SHA-256 of a case file, in lower-case hex, as {@code cases_sha256} records it.
     *
     * @throws RepofixException (input) naming the file when it cannot be read
     */
    public static String sha256(Path casesFile) {
        try (InputStream in = Files.newInputStream(casesFile)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "cannot read the case file " + casesFile + ": "
                    + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256, which every Java platform must have", e);
        }
    }

    public String shard() {
        return shardIndex + "/" + shardCount;
    }
}

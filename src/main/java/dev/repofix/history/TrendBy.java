package dev.repofix.history;

import dev.repofix.config.RepofixException;
import java.util.Arrays;
import java.util.Locale;

/** What a trend groups runs by; each has its own index. */
public enum TrendBy {
    MODEL("model"), REPO("repository"), WEEK("week"), STAGE("stage");

    /** The column the runs are grouped by (stage is grouped in the stage table). */
    final String column;

    TrendBy(String column) {
        this.column = column;
    }

    /** {@code model}, {@code repo}, {@code week} or {@code stage}. */
    public static TrendBy parse(String text) {
        return Arrays.stream(values()).filter(b -> b.name().equalsIgnoreCase(text.strip())).findFirst()
                .orElseThrow(() -> new HistoryException(RepofixException.ErrorKind.INPUT, "cannot group a trend by '"
                        + text + "': use model, repo, week or stage"));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs publishers in order; one that throws becomes a warning and the rest still run,
 * as JUnit's {@code CompositeTestExecutionListener} does with its listeners: a failed
 * check run must not cost the comment or the report files.
 */
public final class CompositePublisher implements Publisher {
    private static final Logger LOG = LoggerFactory.getLogger(CompositePublisher.class);

    private final String what;
    private final List<Publisher> publishers;

    public CompositePublisher(String what, List<Publisher> publishers) {
        this.what = Objects.requireNonNull(what, "what");
        this.publishers = List.copyOf(publishers);
    }

    @Override
    public String what() {
        return what;
    }

    /** The publishers' publications joined in order; never throws for one publisher's failure. */
    @Override
    public Publication publish(RunResult result) {
        Publication all = Publication.none();
        for (Publisher p : publishers) {
            all = all.plus(publishOne(p, result));
        }
        return all;
    }

    private static Publication publishOne(Publisher p, RunResult result) {
        try {
            return Objects.requireNonNull(p.publish(result), () -> p.what() + " returned no publication");
        } catch (RuntimeException e) {
            LOG.debug("publishing {} failed", p.what(), e);
            return Publication.warning("could not publish " + p.what() + ": " + Texts.oneLine(
                    String.valueOf(e.getMessage()), 300) + " (" + e.getClass().getSimpleName() + ")");
        }
    }
}

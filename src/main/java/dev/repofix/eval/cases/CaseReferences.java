package dev.repofix.eval.cases;

import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A case's references in the shapes the stages and the scores take: the reference issue
 * as an issue draft, the reference locations as a localization (with each line's text
 * read from the case's checkout), and what scoring keeps beside every result.
 */
public final class CaseReferences {
    private CaseReferences() {}

    /** The reference issue, with the reference explanation and the first bug type when the case has them. */
    public static IssueDraft issue(EvalCase kase) {
        return new IssueDraft(kase.issue().title(), kase.issue().description(), kase.explanation().orElse(""),
                kase.bugTypes().isEmpty() ? "unknown" : kase.bugTypes().get(0));
    }

    /** The reference locations, in the case's order, each with its line as it is under {@code root}. */
    public static Localization localization(EvalCase kase, Path root) {
        List<Location> out = kase.locations().stream()
                .map(l -> new Location(l.file(), l.line(), lineOf(root.resolve(l.file()), l.line()), 1.0,
                        "reference location of case " + kase.id()))
                .toList();
        return new Localization(out);
    }

    /** What scoring needs of the case, saved in every result. */
    public static CaseReference reference(EvalCase kase) {
        return new CaseReference(kase.language(), kase.bugTypes(),
                kase.locations().stream().map(CaseReferences::line).toList(), kase.cause().map(CaseReferences::line),
                kase.effect().map(CaseReferences::line), kase.patch().source(), kase.failToPass());
    }

    private static LineRef line(CaseLine l) {
        return new LineRef(l.file(), l.line());
    }

    /** The text of line {@code n} of {@code file}; "" when the file is missing or shorter (the case check says why). */
    private static String lineOf(Path file, int n) {
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.skip(n - 1L).findFirst().orElse("");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }
}

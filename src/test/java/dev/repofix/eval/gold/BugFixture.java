package dev.repofix.eval.gold;

import dev.repofix.stage.FailureFixture;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import java.util.List;

/** What a benchmark case gives for {@link FailureFixture}'s bug: reference issue, locations, explanation, patch. */
public final class BugFixture {
    public static final IssueDraft ISSUE = new IssueDraft("REF-TITLE withdraw adds", "REF-DESCRIPTION withdrawing 5 from 10",
            "REF-ISSUE-EXPLANATION the sign is wrong", "wrong operator");
    public static final Localization LOCATIONS = new Localization(
            List.of(new Location(FailureFixture.SOURCE, 6, "        balance += amount;", 1.0, "reference")));
    public static final String EXPLANATION = "REF-EXPLANATION withdraw must subtract";
    public static final String PATCH = FailureFixture.FIX;

    private BugFixture() {}
}

package dev.repofix.repair.localize.archfixture;

import dev.repofix.repair.templates.LineEdit;

/** Test-only: a class in {@code repair.localize} that wrongly uses {@code repair.templates}, to prove the repair rule bites. */
public final class LocalizeUsingTemplates {
    private LocalizeUsingTemplates() {}

    public static int line(LineEdit edit) {
        return edit.line();
    }
}

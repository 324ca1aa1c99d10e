package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static dev.repofix.repair.localize.Spectra.Tracing.LINES;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A line that assigns or compares an expression with itself ranks with the top line once a failing test ran it. */
class SelfComparisonsTest {
    private static final String ITEM = "src/main/java/org/shop/Item.java";

    @TempDir
    Path root;

    @Test
    void aConstructorsSelfAssignmentEveryTestRunsRanksWithTheTop() {
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild()).lines(ITEM, "package org.shop;",
                "class Item {", "    private final String name;", "    private String label;",
                "    Item(Item from) {", "        this.name = from.name;", "        this.label = this.label;", "    }",
                "    String label() {", "        String l = label == null ? name : label;", "        return l.trim();",
                "    }", "    boolean same(Item other) {", "        return name.equals(name);", "    }", "}")
                .passing("org.shop.ItemTest#copies");
        // every test builds items (lines 6-7); the failing one reads the label (10, 11) and compares (14)
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(ITEM, 6, 1, 9),
                new Spectra.LineSpectrum(ITEM, 7, 1, 9),
                new Spectra.LineSpectrum(ITEM, 10, 1, 1),
                new Spectra.LineSpectrum(ITEM, 11, 1, 1),
                new Spectra.LineSpectrum(ITEM, 14, 1, 4)), 1, 9, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                repo.report(failed("org.shop.ItemTest#label", "boom", "trace", frame(ITEM, 11, "label"))),
                new SourceCache(repo.files()));

        assertThat(loc.locations().subList(0, 4)).extracting(Location::line).containsExactlyInAnyOrder(7, 10, 11, 14);
        assertThat(loc.locations()).filteredOn(l -> l.line() == 7).singleElement().extracting(Location::reason)
                .asString().contains("raised to the top");
        assertThat(loc.locations()).extracting(Location::line).endsWith(6);
    }
}

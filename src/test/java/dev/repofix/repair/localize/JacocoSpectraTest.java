package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JacocoSpectraTest {
    @Test
    void readsTheTestClassOfEachListenersTestId() {
        assertThat(JacocoSpectra.testClassOf("[engine:junit-jupiter]/[class:org.shop.CalcTest]/[method:adds()]"))
                .isEqualTo("org.shop.CalcTest");
        assertThat(JacocoSpectra.testClassOf("[engine:junit-jupiter]/[class:org.shop.CalcTest]/[nested-class:Edge]"
                + "/[nested-class:Zero]/[method:adds()]")).isEqualTo("org.shop.CalcTest$Edge$Zero");
        assertThat(JacocoSpectra.testClassOf("[engine:junit-jupiter]/[class:org.shop.CalcTest]/"
                + "[test-template:adds(int)]/[test-template-invocation:#2]")).isEqualTo("org.shop.CalcTest");
        assertThat(JacocoSpectra.testClassOf("[engine:junit-vintage]/[runner:org.shop.CalcTest]/"
                + "[test:adds(org.shop.CalcTest)]")).isEqualTo("org.shop.CalcTest");
        assertThat(JacocoSpectra.testClassOf("org.shop.CalcTest#adds")).isEqualTo("org.shop.CalcTest");
    }
}

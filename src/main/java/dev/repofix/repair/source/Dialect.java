package dev.repofix.repair.source;

import java.util.Objects;
import java.util.Set;

/**
 * The lexical details within a {@link SourceLanguage} that decide where literals end;
 * chosen from the file extension because C-like languages disagree on quotes.
 *
 * @param language           the language family
 * @param singleQuoteStrings {@code '...'} is a string (JavaScript, TypeScript, Groovy), not a char
 * @param backtickEscapes    a backslash escapes inside {@code `...`} (template literals); false for Go raw strings
 * @param rustStrings        Rust: {@code r#"..."#} raw strings, and plain strings may span lines
 */
record Dialect(SourceLanguage language, boolean singleQuoteStrings, boolean backtickEscapes, boolean rustStrings) {
    private static final Set<String> SINGLE_QUOTE_STRINGS = Set.of("js", "jsx", "mjs", "cjs", "ts", "tsx", "groovy");

    Dialect {
        Objects.requireNonNull(language, "language");
    }

    static Dialect of(String path, SourceLanguage language) {
        String extension = SourceLanguage.extension(path);
        return new Dialect(language, SINGLE_QUOTE_STRINGS.contains(extension), !extension.equals("go"), extension.equals("rs"));
    }
}

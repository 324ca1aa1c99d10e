/**
 * The Python fix templates, one class per template, over the nodes Python's own {@code ast}
 * reports, in the order {@link dev.repofix.repair.templates.python.PythonTemplates#inPriorOrder} gives them.
 */
package dev.repofix.repair.templates.python;

// Package tree renders the typed queue model as `capq tree` shows it: the
// hierarchy with configured and absolute capacities and maxima, states,
// user limits and, with a cluster size, memory and vcores (text or JSON),
// plus notes where Hadoop reads a value differently than guides say.
//
// What lives here: presentation of an already built xmlconf.Model. What
// does not: reading or building the model and computing absolute
// capacities (xmlconf), judging the configuration (validate), flags and
// input loading (cmd/capq).
package tree

// Package strictjson reads JSON objects strictly: one object and nothing
// after it, every key among those known, spelled exactly (case included)
// and given once. encoding/json alone matches keys without regard to case
// and lets a repeated key replace the first, so a message could mean
// something it does not say. Every error names the problem in words fit
// for a person, without encoding/json's "json: " prefix.
package strictjson

// SHA-256 block compression with the processor's SHA extensions, for the font checksums
// (Sources/Text/SHA256.swift): the Swift code calls it where the processor has them and hashes
// in Swift elsewhere.
#ifndef CDIGEST_H
#define CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/// FIPS 180-4's 64 round constants, for the compression in Swift as well.
const uint32_t *bf_sha256_constants(void);

/// 1 when the processor has the x86-64 SHA extensions (and the SSSE3 and SSE4.1 they come
/// with) that `bf_sha256_blocks` uses; 0 otherwise, and on every other architecture.
int bf_sha256_hardware(void);

/// FIPS 180-4's compression of `blocks` blocks of 64 bytes at `data` into `state` (the eight
/// working words a to h). Only where `bf_sha256_hardware()` is 1.
void bf_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif

@@HEADER@@//
// Options: -n N iterations (kernel launches, default 100); -i N test instances per launch
// (default: as many as the GPU holds at once beside the stress CTAs); -s N stress CTAs per
// GPU (default: one per SM; 0: no stress); -r N stress rounds per stress thread (default 1024);
// -p 0..3 stress pattern (store-store, store-load, load-store, load-load; default 1);
// -l N stress lines (default 1024, 64 bytes apart); -w N rounds of pre-stress by the testing
// threads before they start (default 0); -k N spread: global locations get slots in a region
// N times the size they need (default 4); -f fixed placement (no thread or location
// shuffling); -x SEED random seed (default 1); -b N start-barrier spin limit (default 1<<22).
// Output: a log in herd's format on standard output (each observed final state with its count).
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

struct Params {
  const int* role;                  // per grid CTA: instance * CTAs + test CTA, or -1 (stress)
  const unsigned char* warpSlot;    // per grid CTA and warp: the litmus slot that warp runs
  const unsigned long long* gaddr;  // per instance and global location: its address
  unsigned long long* results;      // per instance and key: values recorded on the GPU
  unsigned int* start;              // per instance: threads arrived at the start barrier
  unsigned int* late;               // per instance: 1 when the start barrier hit its spin limit
  unsigned int* scratch;            // stress memory of this GPU
  unsigned int lines;               // stress lines (16 words apart)
  int stressRounds;
  int stressPattern;
  int preStress;
  unsigned int seed;
  long long spinLimit;
};

@@CONSTANTS@@
// Memory stress: each round one access pair to a pseudo-randomly chosen scratch line.
__device__ void stress(const Params& p, int rounds) {
  unsigned int x = p.seed ^ (blockIdx.x * 0x9E3779B9u) ^ (threadIdx.x * 0x85EBCA6Bu);
  volatile unsigned int* s = p.scratch;
  for (int r = 0; r < rounds; r++) {
    x = x * 1664525u + 1013904223u;
    volatile unsigned int* a = s + (size_t) ((x >> 8) % p.lines) * 16;
    switch (p.stressPattern) {
      case 0: *a = r; *a = r + 1; break;
      case 1: *a = r; (void) *a; break;
      case 2: (void) *a; *a = r; break;
      default: (void) *a; (void) *a; break;
    }
  }
}

// The threads of one instance meet before their first instruction (system scope: the instance
// may span GPUs). A spin limit keeps a launch from hanging when the instance's CTAs are not all
// resident; such instances are counted as late starts.
__device__ void start_barrier(const Params& p, int instance) {
  unsigned int* c = p.start + instance;
  atomicAdd_system(c, 1u);
  long long spins = 0;
  while (*(volatile unsigned int*) c < TEST_THREADS) {
    if (++spins > p.spinLimit) {
      p.late[instance] = 1;
      break;
    }
  }
  __threadfence_system();
}

__device__ unsigned long long load_bytes(const unsigned char* a, int n) {
  unsigned long long v = 0;
  for (int i = 0; i < n; i++) v |= (unsigned long long) a[i] << (8 * i);
  return v;
}

@@CODE@@
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s: %s: %s\n", TEST_NAME, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

static long long option(int argc, char** argv, int& i) {
  if (i + 1 >= argc) {
    fprintf(stderr, "%s: option %s needs a number\n", argv[0], argv[i]);
    exit(2);
  }
  char* end = nullptr;
  long long v = strtoll(argv[++i], &end, 0);
  if (*end != '\0' || v < 0) {
    fprintf(stderr, "%s: option %s: not a non-negative number: %s\n", argv[0], argv[i - 1], argv[i]);
    exit(2);
  }
  return v;
}

int main(int argc, char** argv) {
  long long iterations = 100, instancesWanted = -1, stressCtas = -1, rounds = 1024;
  long long pattern = 1, lines = 1024, preStress = 0, spread = 4, seed = 1, spinLimit = 1LL << 22;
  bool shuffle = true;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "-n") iterations = option(argc, argv, i);
    else if (a == "-i") instancesWanted = option(argc, argv, i);
    else if (a == "-s") stressCtas = option(argc, argv, i);
    else if (a == "-r") rounds = option(argc, argv, i);
    else if (a == "-p") pattern = option(argc, argv, i);
    else if (a == "-l") lines = option(argc, argv, i);
    else if (a == "-w") preStress = option(argc, argv, i);
    else if (a == "-k") spread = option(argc, argv, i);
    else if (a == "-x") seed = option(argc, argv, i);
    else if (a == "-b") spinLimit = option(argc, argv, i);
    else if (a == "-f") shuffle = false;
    else {
      fprintf(stderr, "usage: %s [-n iterations] [-i instances] [-s stress-ctas] [-r rounds]"
          " [-p pattern] [-l lines] [-w pre-stress] [-k spread] [-f] [-x seed] [-b spins]\n", argv[0]);
      return 2;
    }
  }
  if (pattern > 3 || lines < 1 || spread < 1 || iterations < 1) {
    fprintf(stderr, "%s: -p takes 0..3; -l, -k and -n at least 1\n", argv[0]);
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess) devices = 0;
  if (devices < 1) {
    fprintf(stderr, "%s: no CUDA GPU is present (%s): not run\n", TEST_NAME,
        cudaGetErrorString(cudaGetLastError()));
    return 2;
  }
  if (devices < GPUS) {
    fprintf(stderr, "%s: the test runs threads on %d GPUs (system scope across devices); this"
        " machine has %d: not run\n", TEST_NAME, GPUS, devices);
    return 2;
  }
  for (int g = 1; g < GPUS; g++) {
    int ok0 = 0, ok1 = 0;
    CHECK(cudaDeviceCanAccessPeer(&ok0, 0, g));
    CHECK(cudaDeviceCanAccessPeer(&ok1, g, 0));
    if (!ok0 || !ok1) {
      fprintf(stderr, "%s: GPUs 0 and %d cannot access each other's memory: not run\n",
          TEST_NAME, g);
      return 2;
    }
    CHECK(cudaSetDevice(g));
    cudaError_t e = cudaDeviceEnablePeerAccess(0, 0);
    if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) CHECK(e);
    CHECK(cudaSetDevice(0));
    e = cudaDeviceEnablePeerAccess(g, 0);
    if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) CHECK(e);
  }
  // How many CTAs each GPU holds at once: instances beyond that could not meet at the start.
  long long instances = instancesWanted;
  std::vector<long long> stressPerGpu(GPUS);
  long long fit = 1LL << 40;
  for (int g = 0; g < GPUS; g++) {
    CHECK(cudaSetDevice(g));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, g));
    int threads = GPU_WARPS[g] * 32;
    long long resident;
    if (GPU_CLUSTER[g] > 1) {
      if (GPU_CLUSTER[g] > 8) {
        CHECK(cudaFuncSetAttribute(KERNELS[g], cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
      }
      cudaLaunchConfig_t config = {};
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeClusterDimension;
      attr[0].val.clusterDim.x = GPU_CLUSTER[g];
      attr[0].val.clusterDim.y = 1;
      attr[0].val.clusterDim.z = 1;
      config.gridDim = dim3(GPU_CLUSTER[g]);
      config.blockDim = dim3(threads);
      config.attrs = attr;
      config.numAttrs = 1;
      int clusters = 0;
      CHECK(cudaOccupancyMaxActiveClusters(&clusters, KERNELS[g], &config));
      if (clusters < 1) {
        fprintf(stderr, "%s: GPU %d cannot run a cluster of %d CTAs: not run\n", TEST_NAME, g,
            GPU_CLUSTER[g]);
        return 2;
      }
      resident = (long long) clusters * GPU_CLUSTER[g];
    } else {
      int perSm = 0;
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, KERNELS[g], threads, 0));
      resident = (long long) perSm * prop.multiProcessorCount;
    }
    long long s = stressCtas >= 0 ? stressCtas : prop.multiProcessorCount;
    s = (s + GPU_CLUSTER[g] - 1) / GPU_CLUSTER[g] * GPU_CLUSTER[g];
    stressPerGpu[g] = s;
    fit = std::min(fit, std::max(1LL, (resident - std::min(s, resident / 2)) / GPU_CTAS[g]));
  }
  if (instances < 0) instances = fit;
  if (instances < 1) instances = 1;
  if (instances > fit) {
    fprintf(stderr, "%s: %lld instances do not fit at once; running %lld\n", TEST_NAME,
        instances, fit);
    instances = fit;
  }
  // Memory: on GPU 0 (the others reach it as peers).
  CHECK(cudaSetDevice(0));
  const long long slots = std::max(1LL, (long long) NGLOBAL * instances * spread);
  const size_t region = (size_t) slots * SLOT_BYTES;
  unsigned char* mem;
  unsigned long long *gaddr, *results;
  unsigned int *start, *late;
  CHECK(cudaMalloc(&mem, region));
  CHECK(cudaMalloc(&gaddr, sizeof(unsigned long long) * std::max(1LL, NGLOBAL * instances)));
  CHECK(cudaMalloc(&results, sizeof(unsigned long long) * std::max(1LL, NKEYS * instances)));
  CHECK(cudaMalloc(&start, sizeof(unsigned int) * instances));
  CHECK(cudaMalloc(&late, sizeof(unsigned int) * instances));
  std::vector<int*> role(GPUS);
  std::vector<unsigned char*> warpSlot(GPUS);
  std::vector<unsigned int*> scratch(GPUS);
  std::vector<cudaStream_t> stream(GPUS);
  std::vector<long long> gridCtas(GPUS);
  for (int g = 0; g < GPUS; g++) {
    CHECK(cudaSetDevice(g));
    gridCtas[g] = instances * GPU_CTAS[g] + stressPerGpu[g];
    CHECK(cudaMalloc(&role[g], sizeof(int) * gridCtas[g]));
    CHECK(cudaMalloc(&warpSlot[g], gridCtas[g] * GPU_WARPS[g]));
    CHECK(cudaMalloc(&scratch[g], (size_t) lines * 64));
    CHECK(cudaMemset(scratch[g], 0, (size_t) lines * 64));
    CHECK(cudaStreamCreate(&stream[g]));
  }
  std::mt19937_64 rng((unsigned long long) seed);
  std::vector<long long> slotOf(slots);
  for (long long i = 0; i < slots; i++) slotOf[i] = i;
  std::vector<unsigned char> image(region);
  std::vector<unsigned long long> hostAddr(std::max(1LL, NGLOBAL * instances));
  std::vector<unsigned long long> hostResults(std::max(1LL, NKEYS * instances));
  std::vector<unsigned int> hostLate(instances);
  std::map<std::vector<long long>, long long> histogram;
  long long lateStarts = 0;
  auto began = std::chrono::steady_clock::now();
  for (long long it = 0; it < iterations; it++) {
    // Location placement: each instance's global locations in shuffled slots.
    if (shuffle) std::shuffle(slotOf.begin(), slotOf.end(), rng);
    std::fill(image.begin(), image.end(), 0);
    for (long long in = 0; in < instances; in++) {
      for (int l = 0; l < NGLOBAL; l++) {
        long long s = slotOf[in * NGLOBAL + l];
        hostAddr[in * NGLOBAL + l] = (unsigned long long) (mem + s * SLOT_BYTES);
        memcpy(&image[s * SLOT_BYTES], GLOBAL_INIT[l], SLOT_BYTES);
      }
      for (int l = 0; l < NGLOBAL; l++) {
        if (GLOBAL_INIT_ADDR[l] >= 0) {
          unsigned long long a = hostAddr[in * NGLOBAL + GLOBAL_INIT_ADDR[l]];
          memcpy(&image[slotOf[in * NGLOBAL + l] * SLOT_BYTES], &a, sizeof a);
        }
      }
    }
    CHECK(cudaSetDevice(0));
    CHECK(cudaMemcpy(mem, image.data(), region, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(gaddr, hostAddr.data(), sizeof(unsigned long long) * hostAddr.size(),
        cudaMemcpyHostToDevice));
    CHECK(cudaMemset(results, 0, sizeof(unsigned long long) * hostResults.size()));
    CHECK(cudaMemset(start, 0, sizeof(unsigned int) * instances));
    CHECK(cudaMemset(late, 0, sizeof(unsigned int) * instances));
    for (int g = 0; g < GPUS; g++) {
      // Thread placement: clusters (or CTAs) of the grid shuffled among instances and stress,
      // and the warps of each CTA shuffled among its litmus threads.
      const int cl = GPU_CLUSTER[g];
      const long long units = gridCtas[g] / cl;
      std::vector<long long> unit(units);
      for (long long u = 0; u < units; u++) unit[u] = u;
      if (shuffle) std::shuffle(unit.begin(), unit.end(), rng);
      std::vector<int> hostRole(gridCtas[g]);
      const long long testUnits = instances * GPU_CTAS[g] / cl;
      for (long long u = 0; u < units; u++) {
        for (int r = 0; r < cl; r++) {
          hostRole[unit[u] * cl + r] = u < testUnits ? (int) (u * cl + r) : -1;
        }
      }
      std::vector<unsigned char> hostSlots(gridCtas[g] * GPU_WARPS[g]);
      for (long long c = 0; c < gridCtas[g]; c++) {
        unsigned char* w = &hostSlots[c * GPU_WARPS[g]];
        for (int k = 0; k < GPU_WARPS[g]; k++) w[k] = (unsigned char) k;
        if (shuffle) std::shuffle(w, w + GPU_WARPS[g], rng);
      }
      CHECK(cudaSetDevice(g));
      CHECK(cudaMemcpy(role[g], hostRole.data(), sizeof(int) * gridCtas[g], cudaMemcpyHostToDevice));
      CHECK(cudaMemcpy(warpSlot[g], hostSlots.data(), hostSlots.size(), cudaMemcpyHostToDevice));
      Params p;
      p.role = role[g];
      p.warpSlot = warpSlot[g];
      p.gaddr = gaddr;
      p.results = results;
      p.start = start;
      p.late = late;
      p.scratch = scratch[g];
      p.lines = (unsigned int) lines;
      p.stressRounds = (int) rounds;
      p.stressPattern = (int) pattern;
      p.preStress = (int) preStress;
      p.seed = (unsigned int) rng();
      p.spinLimit = spinLimit;
      cudaLaunchConfig_t config = {};
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeClusterDimension;
      attr[0].val.clusterDim.x = cl;
      attr[0].val.clusterDim.y = 1;
      attr[0].val.clusterDim.z = 1;
      config.gridDim = dim3((unsigned int) gridCtas[g]);
      config.blockDim = dim3(GPU_WARPS[g] * 32);
      config.stream = stream[g];
      config.attrs = attr;
      config.numAttrs = cl > 1 ? 1 : 0;
      void* args[] = {&p};
      CHECK(cudaLaunchKernelExC(&config, KERNELS[g], args));
    }
    for (int g = 0; g < GPUS; g++) {
      CHECK(cudaSetDevice(g));
      CHECK(cudaStreamSynchronize(stream[g]));
      CHECK(cudaGetLastError());
    }
    CHECK(cudaSetDevice(0));
    CHECK(cudaMemcpy(image.data(), mem, region, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hostResults.data(), results, sizeof(unsigned long long) * hostResults.size(),
        cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hostLate.data(), late, sizeof(unsigned int) * instances, cudaMemcpyDeviceToHost));
    for (long long in = 0; in < instances; in++) {
      std::vector<long long> state(NKEYS);
      for (int k = 0; k < NKEYS; k++) {
        unsigned long long v;
        if (KEY_SOURCE[k] >= 0) {
          int l = KEY_SOURCE[k];
          const unsigned char* a = &image[slotOf[in * NGLOBAL + l] * SLOT_BYTES];
          v = 0;
          for (int b = 0; b < GLOBAL_BYTES[l] && b < 8; b++) v |= (unsigned long long) a[b] << (8 * b);
        } else if (KEY_SOURCE[k] == -2) {
          v = KEY_FIXED[k];
        } else {
          v = hostResults[in * NKEYS + k];
        }
        state[k] = (long long) v;
      }
      histogram[state]++;
      lateStarts += hostLate[in] ? 1 : 0;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  long long positive = 0, negative = 0;
  for (auto& e : histogram) (condition_holds(e.first.data()) ? positive : negative) += e.second;
  bool ok = QUANTIFIER == 0 ? positive > 0 : QUANTIFIER == 1 ? positive == 0 : negative == 0;
  printf("Test %s %s\n", TEST_NAME, TEST_KIND);
  printf("Histogram (%zu states)\n", histogram.size());
  for (auto& e : histogram) {
    printf("%-8lld%s>", e.second, condition_holds(e.first.data()) ? "*" : ":");
    for (int k = 0; k < NKEYS; k++) printf("%s=%lld;%s", KEY_NAMES[k], e.first[k], k + 1 < NKEYS ? " " : "");
    printf("\n");
  }
  printf("%s\n", ok ? "Ok" : "No");
  printf("Witnesses\n");
  printf("Positive: %lld, Negative: %lld\n", positive, negative);
  printf("Condition %s\n", CONDITION_TEXT);
  printf("Observation %s %s %lld %lld\n", TEST_NAME,
      positive == 0 ? "Never" : negative == 0 ? "Always" : "Sometimes", positive, negative);
  printf("Run %s iterations=%lld instances=%lld stress-ctas=%lld rounds=%lld pattern=%lld"
      " lines=%lld pre-stress=%lld spread=%lld shuffle=%d seed=%lld late-starts=%lld\n",
      TEST_NAME, iterations, instances, stressPerGpu[0], rounds, pattern, lines, preStress,
      spread, shuffle ? 1 : 0, seed, lateStarts);
  printf("Time %s %.2f\n", TEST_NAME, seconds);
  return 0;
}

import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFocusCentered } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmbientLight,
  Box3,
  type BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  GridHelper,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  type Group as ThreeGroup,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { ApiError, isApiError } from '../../api/errors';
import { getToken } from '../../api/session-store';
import { errorMessage } from '../../lib/errors';

/** Where the OBJ text comes from: a file of the API (fetched with the JWT header) or a local file. */
export type ObjSource = { type: 'url'; url: string } | { type: 'file'; file: File };

type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; progress: number | null }
  | { status: 'ready' }
  | { status: 'error'; message: string };

class BrokenModelError extends Error {}

/** Reads an API file with the JWT header, reporting progress when the size is known. */
async function readUrl(url: string, onProgress: (p: number | null) => void, signal: AbortSignal) {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `JWT ${token}` } : {}, signal });
  if (!response.ok) {
    let message = 'Error';
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON
    }
    throw new ApiError({ status: response.status, message, errors: {} });
  }
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(total ? Math.min(100, (received / total) * 100) : null);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

function readFile(file: File, onProgress: (p: number | null) => void, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => onProgress(e.lengthComputable ? (e.loaded / e.total) * 100 : null);
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new BrokenModelError());
    signal.addEventListener('abort', () => reader.abort());
    reader.readAsText(file);
  });
}

/** Parses OBJ text; throws BrokenModelError when there is nothing drawable. */
function parseObj(text: string): ThreeGroup {
  let model: ThreeGroup;
  try {
    model = new OBJLoader().parse(text);
  } catch {
    throw new BrokenModelError();
  }
  let vertices = 0;
  model.traverse((child) => {
    if (child instanceof Mesh) {
      const geometry = child.geometry as BufferGeometry;
      const count = geometry.getAttribute('position')?.count ?? 0;
      vertices += count;
      if (count > 0 && !geometry.getAttribute('normal')) geometry.computeVertexNormals();
      disposeMaterial(child.material);
      child.material = new MeshStandardMaterial({
        color: 0xd9a441,
        roughness: 0.65,
        metalness: 0.05,
        side: DoubleSide,
      });
    }
  });
  const box = new Box3().setFromObject(model);
  if (vertices === 0 || box.isEmpty() || !Number.isFinite(box.max.x - box.min.x)) {
    disposeObject(model);
    throw new BrokenModelError();
  }
  return model;
}

function disposeMaterial(material: Material | Material[]) {
  for (const m of Array.isArray(material) ? material : [material]) m.dispose();
}

function disposeObject(object: Object3D) {
  object.traverse((child) => {
    if (child instanceof Mesh) {
      (child.geometry as BufferGeometry).dispose();
      disposeMaterial(child.material);
    }
  });
}

interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  grid: GridHelper;
  model: ThreeGroup | null;
}

/** Points the camera at the model's bounding box from a three-quarter view and remembers it for reset. */
function fitCamera(stage: Stage, model: Object3D) {
  const box = new Box3().setFromObject(model);
  const center = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const radius = Math.max(size.length() / 2, 1e-3);
  // The narrower of the vertical and horizontal field of view, so a portrait view fits too.
  const vFov = (stage.camera.fov * Math.PI) / 180;
  const hFov = 2 * Math.atan(Math.tan(vFov / 2) * stage.camera.aspect);
  const fov = Math.min(vFov, hFov);
  const distance = (radius / Math.sin(fov / 2)) * 1.15;
  const direction = new Vector3(1, 0.8, 1.2).normalize();
  stage.camera.position.copy(center).addScaledVector(direction, distance);
  stage.camera.near = distance / 100;
  stage.camera.far = distance * 100;
  stage.camera.updateProjectionMatrix();
  stage.controls.target.copy(center);
  stage.controls.minDistance = radius / 20;
  stage.controls.maxDistance = distance * 10;
  stage.controls.update();
  stage.controls.saveState();
  stage.grid.scale.setScalar(Math.max(size.x, size.z, 1e-3) / 5);
  stage.grid.position.set(center.x, box.min.y, center.z);
}

/**
 * A three.js OBJ viewer: orbit, zoom and pan, reset view, a loading progress bar, a clear message for a
 * broken file, the camera fitted to the model; everything is disposed on unmount.
 */
export function ObjViewer({ source, height = 480 }: { source: ObjSource | null; height?: number | string }) {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Stage | null>(null);
  const [webgl, setWebgl] = useState(true);
  const [state, setState] = useState<LoadState>({ status: 'idle' });

  // The scene, renderer and controls live as long as the component.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch {
      setWebgl(false);
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    const canvas = renderer.domElement;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('viewer.canvas'));
    canvas.setAttribute('data-testid', 'viewer-canvas');
    canvas.tabIndex = 0;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    host.append(canvas);

    const scene = new Scene();
    scene.background = new Color(0xeef2f6);
    scene.add(new AmbientLight(0xffffff, 0.9));
    const sun = new DirectionalLight(0xffffff, 2.2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const fill = new DirectionalLight(0xffffff, 0.6);
    fill.position.set(-4, 2, -3);
    scene.add(fill);
    const grid = new GridHelper(10, 10, 0x9aa5b1, 0xcfd6de);
    scene.add(grid);
    const camera = new PerspectiveCamera(45, 1, 0.01, 1000);
    camera.position.set(4, 3, 5);
    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = true;
    controls.listenToKeyEvents(canvas);
    controls.saveState();
    const stage: Stage = { renderer, scene, camera, controls, grid, model: null };
    stageRef.current = stage;

    const resize = () => {
      const width = Math.max(host.clientWidth, 1);
      const h = Math.max(host.clientHeight, 1);
      renderer.setSize(width, h, false);
      camera.aspect = width / h;
      camera.updateProjectionMatrix();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    renderer.setAnimationLoop(() => {
      controls.update();
      renderer.render(scene, camera);
    });

    return () => {
      observer.disconnect();
      renderer.setAnimationLoop(null);
      controls.dispose();
      if (stage.model) disposeObject(stage.model);
      grid.geometry.dispose();
      disposeMaterial(grid.material);
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
      stageRef.current = null;
    };
  }, [t]);

  // Loads the model whenever the source changes.
  useEffect(() => {
    const stage = stageRef.current;
    if (!source || !stage) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', progress: 0 });
    const onProgress = (progress: number | null) => {
      if (!controller.signal.aborted) setState({ status: 'loading', progress });
    };
    const read =
      source.type === 'url'
        ? readUrl(source.url, onProgress, controller.signal)
        : readFile(source.file, onProgress, controller.signal);
    read
      .then((text) => {
        if (controller.signal.aborted) return;
        const model = parseObj(text);
        if (stage.model) {
          stage.scene.remove(stage.model);
          disposeObject(stage.model);
        }
        stage.model = model;
        stage.scene.add(model);
        fitCamera(stage, model);
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (stage.model) {
          stage.scene.remove(stage.model);
          disposeObject(stage.model);
          stage.model = null;
        }
        const message =
          error instanceof BrokenModelError
            ? t('viewer.broken')
            : isApiError(error)
              ? (errorMessage(error, tApp) ?? t('viewer.loadFailed'))
              : t('viewer.loadFailed');
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [source, t, tApp]);

  const reset = useCallback(() => {
    stageRef.current?.controls.reset();
  }, []);

  if (!webgl) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {t('viewer.noWebgl')}
      </Alert>
    );
  }

  return (
    <Stack gap="xs" data-testid="obj-viewer" data-state={state.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Box style={{ flex: 1, minWidth: 160 }}>
          {state.status === 'loading' && (
            <Stack gap={4} role="status" aria-live="polite">
              <Text size="sm" c="dimmed">
                {t('viewer.loading')}
              </Text>
              <Progress
                value={state.progress ?? 100}
                animated={state.progress === null}
                striped={state.progress === null}
                aria-label={t('viewer.loading')}
                data-testid="viewer-progress"
              />
            </Stack>
          )}
        </Box>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFocusCentered size={16} aria-hidden />}
          onClick={reset}
          disabled={state.status !== 'ready'}
          data-testid="viewer-reset"
        >
          {t('viewer.reset')}
        </Button>
      </Group>
      {state.status === 'error' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="viewer-error"
        >
          {state.message}
        </Alert>
      )}
      <Box
        ref={hostRef}
        pos="relative"
        h={height}
        style={{
          borderRadius: 8,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {state.status === 'idle' && !source && (
          <Text
            c="dimmed"
            size="sm"
            ta="center"
            pos="absolute"
            top="50%"
            left={0}
            right={0}
            px="md"
            style={{ transform: 'translateY(-50%)', pointerEvents: 'none' }}
          >
            {t('viewer.empty')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

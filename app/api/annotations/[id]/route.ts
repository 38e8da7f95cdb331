import { endpointRoute } from "@/lib/http/api-route";
import {
  changeAnnotationEndpoint,
  createAnnotationEndpoint,
  deleteAnnotationEndpoint,
  listAnnotationsEndpoint,
} from "@/lib/wallabag/contract";
import { changeAnnotation, createAnnotation, deleteAnnotation, listAnnotations } from "@/lib/wallabag/annotations";

export const GET = endpointRoute(listAnnotationsEndpoint, ({ user, params }) => listAnnotations(user, params.id));

export const POST = endpointRoute(createAnnotationEndpoint, ({ user, params, body }) =>
  createAnnotation(user, params.id, body),
);

export const PUT = endpointRoute(changeAnnotationEndpoint, ({ user, params, body }) =>
  changeAnnotation(user, params.id, body?.text ?? ""),
);

export const DELETE = endpointRoute(deleteAnnotationEndpoint, ({ user, params }) => deleteAnnotation(user, params.id));
